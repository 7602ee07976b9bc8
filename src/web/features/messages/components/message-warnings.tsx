/**
 * The scam warnings under a received message (decision 0028): what in the message looks like a
 * known scam and what to do, calmly, with a one-click `Report this message` that opens a short
 * notice (reason and optional note, as for listings; DSA Art. 16) sent into moderation with the
 * conversation excerpt. Shown to the recipient only (the server gives the sender no warnings).
 */
import { useState, type FormEvent } from 'react';
import { reportReasons, type ReportReason } from '#contract/accountability';
import type { Message } from '#contract/messages';
import { trustTexts } from '#contract/texts';
import { useReportMessage } from '../api/messages';

export function MessageWarnings({ message }: { message: Message }) {
  const report = useReportMessage(message._id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('Scam or fraud');
  const [note, setNote] = useState('');
  if (message.mine || message.warnings.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate({ reason, note: note.trim() });
  };

  return (
    <div
      role="note"
      aria-label="Safety warning"
      data-testid="message-warning"
      className="mt-2 flex flex-col gap-2 rounded-box border border-warning bg-base-100 p-3 text-sm whitespace-normal text-base-content"
    >
      <ul className="flex flex-col gap-1">
        {message.warnings.map((warning) => (
          <li key={warning.code}>{warning.text}</li>
        ))}
      </ul>
      {report.isSuccess ? (
        <p role="status" className="font-medium">
          {trustTexts.messageReported}
        </p>
      ) : open ? (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Reason</span>
            <select
              className="select select-sm w-full"
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {reportReasons.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Note for the moderators (optional)</span>
            <textarea
              className="textarea textarea-sm w-full"
              rows={2}
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          {report.isError && (
            <p role="alert" className="text-error">
              {report.error.message}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-sm btn-warning" disabled={report.isPending}>
              Confirm
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
              Don&apos;t Confirm
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          // The text colour of the page, not the warning's yellow (too faint on white: WCAG 1.4.3).
          className="btn self-start btn-outline btn-sm"
          onClick={() => setOpen(true)}
        >
          {trustTexts.reportMessage}
        </button>
      )}
    </div>
  );
}
