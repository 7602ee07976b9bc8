/**
 * `Message seller` for a listing page: a signed-in user who is not the seller writes
 * a first message in a dialog; sending starts (or continues) their conversation about the
 * listing and opens it at /messages/{id}. A first message carries a proof of work (decision 0044):
 * the browser starts solving it when the dialog opens; a verified phone number makes the server
 * ignore it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messageMaxLength, messageTexts } from '#contract/texts';
import { paths } from '#web/lib/paths';
import { ProofOfWorkStatus, useProofOfWork, withProofOfWork } from '#web/lib/use-proof-of-work';
import { useStartConversation } from '../api/messages';

export function MessageSellerButton({
  productId,
  productName,
}: {
  productId: string;
  productName: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [text, setText] = useState(`Hello, is the ${productName} still available?`);
  const [failure, setFailure] = useState('');
  const start = useStartConversation();
  const proofOfWork = useProofOfWork({ auto: false });
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    try {
      const { conversation_id } = await withProofOfWork(
        proofOfWork,
        (proof) => start.mutateAsync({ productId, text, proof }),
        { upfront: true },
      );
      dialog.current?.close();
      void navigate(paths.conversation.href(conversation_id));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The message was not sent');
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onClick={() => {
          proofOfWork.start();
          dialog.current?.showModal();
        }}
      >
        {messageTexts.messageSeller}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={titleId}>
        <form className="modal-box flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
          <h2 id={titleId} className="text-lg font-bold">
            {messageTexts.messageSeller}
          </h2>
          <label className="font-medium" htmlFor={`${titleId}-text`}>
            Message
          </label>
          <textarea
            id={`${titleId}-text`}
            className="textarea w-full"
            rows={4}
            maxLength={messageMaxLength}
            required
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <ProofOfWorkStatus state={proofOfWork.state} />
          {failure && (
            <p role="alert" className="text-error">
              {failure}
            </p>
          )}
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => dialog.current?.close()}>
              Close
            </button>
            <button type="submit" className="btn btn-primary" disabled={start.isPending}>
              {messageTexts.send}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
