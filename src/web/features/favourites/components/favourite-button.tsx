/**
 * The heart: a toggle button, `aria-pressed` when the listing is in the signed-in
 * user's favourites, named "Save to favourites" / "Remove from favourites". Nothing for visitors
 * and for accounts without a user record yet.
 * `variant="overlay"` sits on a card's photo; `"inline"` stands next to a listing's title.
 */
import { favouriteTexts } from '#contract/texts';
import { useAuth } from '#web/lib/auth/auth-context';
import { useIsAdmin, useIsBuyer, useIsSeller } from '#web/lib/auth/roles';
import { useIsFavourite, useToggleFavourite } from '../api/favourites';

export interface FavouriteButtonProps {
  productId: string;
  variant?: 'overlay' | 'inline';
}

export function FavouriteButton({ productId, variant = 'overlay' }: FavouriteButtonProps) {
  const { user } = useAuth();
  // Favourites need a user record: an account mid-registration has none, and its refused calls
  // would sign it out (as for Messages in the navbar).
  const hasRecord = [useIsAdmin(), useIsSeller(), useIsBuyer()].some((role) => role.holds);
  if (!user || !hasRecord) return null;
  return <Heart productId={productId} variant={variant} />;
}

function Heart({ productId, variant }: Required<FavouriteButtonProps>) {
  const saved = useIsFavourite(productId);
  const toggle = useToggleFavourite(productId);
  const pressed = saved.data === true;
  const label = pressed ? favouriteTexts.remove : favouriteTexts.save;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      disabled={saved.isPending}
      onClick={() => toggle.mutate(!pressed)}
      data-testid="favourite-button"
      className={
        variant === 'overlay'
          ? 'btn btn-circle border-base-300 bg-base-100/90 btn-sm shadow'
          : 'btn btn-circle btn-ghost'
      }
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`size-5 ${pressed ? 'text-error' : ''}`}
        fill={pressed ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
      >
        <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
      </svg>
    </button>
  );
}
