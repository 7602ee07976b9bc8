/**
 * `Share` on the listing page: the device's share sheet (Web Share API) where there is one, else
 * the listing's link copied to the clipboard. Right after a seller publishes (`?listed=1`), a line
 * above it says the listing is live.
 */
import { useSearchParams } from 'react-router';
import toast from '#web/lib/toast';
import { useHydrated } from '#web/lib/use-hydrated';

/** Texts of the share action. */
export const shareTexts = {
  share: 'Share',
  copied: 'Link copied',
  live: 'Your listing is live. Share it to find a buyer sooner.',
} as const;

export function ShareListing({ title, path }: { title: string; path: string }) {
  const [searchParams] = useSearchParams();
  const justListed = searchParams.get('listed') === '1';
  // Disabled in the server's HTML until React runs, which alone can share (decision 0015).
  const hydrated = useHydrated();
  const handleShare = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The seller closed the sheet: nothing to do.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(shareTexts.copied);
    } catch {
      toast.error(url);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {justListed && (
        <p role="status" className="text-sm font-medium text-success">
          {shareTexts.live}
        </p>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => void handleShare()}
        disabled={!hydrated}
      >
        {shareTexts.share}
      </button>
    </div>
  );
}
