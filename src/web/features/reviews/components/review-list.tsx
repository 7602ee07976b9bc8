/**
 * A seller's reviews: stars, text, the buyer and when, and the seller's reply under
 * it. The reviewed seller, signed in (`canReply`), gets a Reply form on each unanswered review.
 */
import { useId, useState } from 'react';
import { reviewTextMax, reviewTexts, type Review } from '#contract/reviews';
import { UserAvatar } from '#web/components/user-avatar';
import { errorText } from '#web/lib/error-text';
import { useReplyReview } from '../api/reviews';
import { Stars } from './stars';
import { dateFormat, LocalTime } from '#web/components/local-time';

export function ReviewList({ reviews, canReply }: { reviews: Review[]; canReply: boolean }) {
  if (reviews.length === 0) return <p className="text-base-content/70">{reviewTexts.noReviews}</p>;
  return (
    <ul className="flex flex-col gap-4" aria-label="Reviews">
      {reviews.map((review) => (
        <li key={review._id} className="card border border-base-300 bg-base-100">
          <article className="card-body gap-2 p-4" data-testid="review">
            <div className="flex flex-wrap items-center gap-2">
              <UserAvatar
                user={{ displayName: review.buyer_name, photoURL: review.buyer_photo }}
                size="size-8"
              />
              <span className="font-medium">{review.buyer_name}</span>
              <Stars rating={review.rating} />
              <LocalTime
                className="text-sm text-base-content/70"
                value={review.created_at}
                format={dateFormat}
              />
            </div>
            <p className="text-sm text-base-content/70">Bought: {review.product_name}</p>
            {review.text && (
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{review.text}</p>
            )}
            {review.seller_reply ? (
              <div className="mt-2 border-l-4 border-base-300 pl-3">
                <p className="text-sm font-medium">{reviewTexts.sellerReply}</p>
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">
                  {review.seller_reply}
                </p>
              </div>
            ) : (
              canReply && <ReplyForm reviewId={review._id} />
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

function ReplyForm({ reviewId }: { reviewId: string }) {
  const [text, setText] = useState('');
  const reply = useReplyReview(reviewId);
  const id = useId();
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) reply.mutate(text);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Your reply
      </label>
      <textarea
        id={id}
        className="textarea w-full"
        rows={2}
        maxLength={reviewTextMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {reply.error && (
        <p role="alert" className="text-sm text-error">
          {errorText(reply.error)}
        </p>
      )}
      <button type="submit" className="btn self-start btn-sm" disabled={reply.isPending}>
        {reviewTexts.reply}
      </button>
    </form>
  );
}
