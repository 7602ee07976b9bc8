/**
 * `Make an offer` on a listing page (decision 0034): a signed-in buyer who is not the seller
 * offers less than the asking price, with the phone number and meeting place the order takes if
 * the seller accepts. The dialog says the offer lasts 48 hours; an offer below the seller's
 * minimum is declined at once with the server's polite message. Once the buyer has an open offer
 * (`offered`) the button goes, the listing page showing that offer instead (decision 0048); the
 * dialog stays until its outcome is read.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#contract/money';
import { offerTexts } from '#contract/texts';
import { paths } from '#web/lib/paths';
import { useMakeOffer } from '../api/offers';

export interface MakeOfferButtonProps {
  productId: string;
  productName: string;
  /** The asking price in dollars. */
  askingPrice: number;
  /** The buyer has an open offer on this listing: no button. */
  offered?: boolean;
  /** The button's classes (its size and place among the page's actions). */
  className?: string;
}

export function MakeOfferButton({
  productId,
  productName,
  askingPrice,
  offered = false,
  className = 'btn btn-outline btn-primary',
}: MakeOfferButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [amount, setAmount] = useState('');
  const [phone, setPhone] = useState('');
  const [place, setPlace] = useState('');
  const [problem, setProblem] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const make = useMakeOffer();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const value = Number(amount);
    if (!amount || !Number.isFinite(value) || value <= 0) {
      setProblem('Enter an amount in dollars');
      return;
    }
    if (value >= askingPrice) {
      setProblem(`An offer must be below the asking price (${formatDollars(askingPrice)})`);
      return;
    }
    try {
      const made = await make.mutateAsync({
        product_id: productId,
        amount: value,
        ...(phone.trim() ? { customer_phone: phone.trim() } : {}),
        ...(place.trim() ? { meeting_location: place.trim() } : {}),
      });
      setOutcome(
        made.status === 'declined'
          ? { ok: false, text: made.message ?? 'The offer was declined.' }
          : {
              ok: true,
              text: `Your offer of ${formatDollars(value)} was sent. The seller has 48 hours to answer.`,
            },
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The offer was not sent');
    }
  };

  const close = () => {
    dialog.current?.close();
    setOutcome(null);
  };

  return (
    <>
      {!offered && (
        <button type="button" className={className} onClick={() => dialog.current?.showModal()}>
          {offerTexts.makeOffer}
        </button>
      )}
      <dialog ref={dialog} className="modal modal-bottom sm:modal-middle" aria-labelledby={id}>
        <div className="modal-box">
          <h2 id={id} className="text-lg font-bold break-words">
            {offerTexts.makeOffer}: {productName}
          </h2>
          <p className="text-sm">Asking price: {formatDollars(askingPrice)}</p>
          {outcome ? (
            <div className="mt-3 space-y-3">
              <p role="status" className={outcome.ok ? 'text-success-content' : ''}>
                {outcome.text}
              </p>
              <div className="modal-action">
                <Link className="btn btn-ghost" to={paths.buyerOffers.href()}>
                  My Offers
                </Link>
                <button type="button" className="btn btn-primary" onClick={close}>
                  OK
                </button>
              </div>
            </div>
          ) : (
            <form className="mt-2 flex flex-col gap-2" onSubmit={(event) => void submit(event)}>
              <label className="flex flex-col gap-1">
                <span className="font-medium">Your offer (US dollars)</span>
                <input
                  className="input w-full"
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  step="0.01"
                  required
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                />
              </label>
              <label className="flex flex-col gap-1">
                <span className="font-medium">Phone number (for the order, optional)</span>
                <input
                  className="input w-full"
                  type="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                />
              </label>
              <label className="flex flex-col gap-1">
                <span className="font-medium">Meeting location (optional)</span>
                <input
                  className="input w-full"
                  value={place}
                  onChange={(event) => setPlace(event.target.value)}
                />
              </label>
              <p className="text-sm">
                The seller can accept, decline or counter within 48 hours. If they accept, the car
                is reserved for you and your order waits for payment at the agreed price.
              </p>
              {problem && (
                <p role="alert" className="text-error">
                  {problem}
                </p>
              )}
              <div className="modal-action">
                <button type="button" className="btn" onClick={close}>
                  Close
                </button>
                <button type="submit" className="btn btn-primary" disabled={make.isPending}>
                  Send offer
                </button>
              </div>
            </form>
          )}
        </div>
      </dialog>
    </>
  );
}
