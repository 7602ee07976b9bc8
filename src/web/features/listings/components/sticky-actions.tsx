/**
 * The listing page's actions (Book Now, Message seller, the heart; the owner's Edit; a visitor's
 * Login) in their place under the price, and, once the reader has scrolled past them, in a bar
 * fixed to the bottom of the screen (decision 0035). It is the same element that moves, not a
 * copy: every button exists once, keeps its state and its dialogs, and is named once for
 * assistive technology. Its place in the page keeps the height it had, so nothing moves when it
 * leaves; it comes back when its place scrolls into view again.
 *
 * Children marked `data-secondary` (Report, Make an offer, the owner's state actions) are left out
 * of the bar, which keeps to one row on a phone. Nothing sticks before hydration: the server
 * renders the actions in place. The bar steps aside while the site's footer is on screen, so it
 * never covers the footer's links and settings.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function StickyActions({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [past, setPast] = useState(false);
  const [footerShown, setFooterShown] = useState(false);
  const stuck = past && !footerShown;
  const [height, setHeight] = useState<number | undefined>(undefined);

  useEffect(() => {
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      // Above the screen (scrolled past), not below it (not reached yet).
      const past = !entry.isIntersecting && entry.boundingClientRect.bottom <= 0;
      if (past && bar.current) setHeight(bar.current.offsetHeight);
      setPast(past);
    });
    observer.observe(element);
    const footer = document.querySelector('[data-site-footer]');
    const footerObserver = new IntersectionObserver(([entry]) => {
      setFooterShown(entry?.isIntersecting ?? false);
    });
    if (footer) footerObserver.observe(footer);
    return () => {
      observer.disconnect();
      footerObserver.disconnect();
    };
  }, []);

  return (
    <div
      ref={place}
      className="min-h-12"
      style={stuck && height !== undefined ? { height } : undefined}
    >
      <div
        ref={bar}
        data-testid="listing-actions"
        data-stuck={stuck ? 'true' : undefined}
        className={
          stuck
            ? 'fixed inset-x-0 bottom-0 z-40 border-t border-base-300 bg-base-100 px-4 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] [&_[data-secondary]]:hidden'
            : ''
        }
      >
        <div className={stuck ? 'mx-auto flex max-w-6xl flex-col gap-2' : 'flex flex-col gap-3'}>
          {children}
        </div>
      </div>
    </div>
  );
}
