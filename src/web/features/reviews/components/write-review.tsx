/**
 * `Write a review` on a paid order of My Orders: a dialog with 1–5 stars (radio
 * buttons) and up to 1,000 characters of text, sending POST /api/reviews. A second review of the
 * same order is refused by the server (409), which the dialog shows.
 */
import { useEffect, useId, useRef, useState } from 'react';
import toast from '#web/lib/toast';
import { reviewTextMax, reviewTexts } from '#contract/reviews';
import { SubmitButton } from '#web/components/submitting-indicator';
import { isApiError } from '#web/lib/api-client';
import { errorText } from '#web/lib/error-text';
import { useCreateReview } from '../api/reviews';

export function WriteReviewButton({
  orderId,
  productName,
}: {
  orderId: string;
  productName: string;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  if (done) return <span className="badge badge-ghost">Reviewed</span>;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => setOpen(true)}
        aria-label={`${reviewTexts.writeReview} of ${productName}`}
      >
        {reviewTexts.writeReview}
      </button>
      {open && (
        <ReviewDialog
          orderId={orderId}
          productName={productName}
          onClose={(reviewed) => {
            setOpen(false);
            if (reviewed) setDone(true);
          }}
        />
      )}
    </>
  );
}

function ReviewDialog({
  orderId,
  productName,
  onClose,
}: {
  orderId: string;
  productName: string;
  onClose: (reviewed: boolean) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const textId = useId();
  const create = useCreateReview();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reviewed = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async () => {
    if (rating < 1) {
      setProblem('Choose from 1 to 5 stars');
      return;
    }
    try {
      await create.mutateAsync({ order_id: orderId, rating, text });
      reviewed.current = true;
      toast.success('Thank you for your review');
      dialogRef.current?.close();
    } catch (error) {
      if (isApiError(error, 409)) reviewed.current = true;
      setProblem(isApiError(error, 409) ? reviewTexts.alreadyReviewed : errorText(error));
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      onClose={() => onClose(reviewed.current)}
    >
      <div className="modal-box">
        <form method="dialog">
          <button
            type="submit"
            className="btn absolute top-2 right-2 btn-circle btn-ghost btn-sm"
            aria-label="Close"
          >
            ✕
          </button>
        </form>
        <h2 id={headingId} className="pr-8 text-xl font-bold">
          Review: {productName}
        </h2>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset>
            <legend className="mb-1 text-sm font-medium">Rating</legend>
            <div className="rating rating-lg">
              {[1, 2, 3, 4, 5].map((value) => (
                <input
                  key={value}
                  type="radio"
                  name="rating"
                  className="mask bg-warning mask-star-2"
                  aria-label={`${value} ${value === 1 ? 'star' : 'stars'}`}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                />
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={textId} className="mb-1 block text-sm font-medium">
              Your review
            </label>
            <textarea
              id={textId}
              className="textarea w-full"
              rows={4}
              maxLength={reviewTextMax}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <p className="text-right text-xs text-base-content/70">
              {text.length}/{reviewTextMax}
            </p>
          </div>
          {problem && (
            <p role="alert" className="text-sm text-error">
              {problem}
            </p>
          )}
          <SubmitButton submitting={create.isPending} progressLabel="Sending">
            {reviewTexts.submit}
          </SubmitButton>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          Close
        </button>
      </form>
    </dialog>
  );
}
