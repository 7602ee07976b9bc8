/**
 * A carousel on the browser's own scrolling (CSS scroll snap), for the home page's Advertisement
 * (decision 0040): the same `Carousel` controls as `useCarousel` (carousel.tsx, on Embla) — the
 * selected snap, the snap count for the dots, scrollTo/Prev/Next and the arrow keys — with no
 * library, so the home route loads no carousel engine. Swipe, mouse-wheel and touch scrolling are
 * the browser's. The element given the returned ref is the scroll container (`overflow-x-auto`
 * and `snap-x snap-mandatory`); its first child holds the slides (`snap-start`), spaced by a CSS
 * gap.
 */
import { useCallback, useEffect, useState, type RefCallback } from 'react';
import type { Carousel, CarouselKeyEvent } from './carousel';

/** Whether the user asked for less motion: the carousel then jumps instead of sliding. */
function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The scroll positions (px) a slide can be brought to: each slide's left edge, capped at the
 * furthest scroll (the last slides share the end), without repeats. 4 cards 3 at a time: 2.
 */
function snapPositions(viewport: HTMLElement): number[] {
  const track = viewport.firstElementChild;
  if (!track) return [];
  const max = viewport.scrollWidth - viewport.clientWidth;
  const origin = viewport.getBoundingClientRect().left - viewport.scrollLeft;
  const positions: number[] = [];
  for (const slide of Array.from(track.children)) {
    const position = Math.min(Math.max(slide.getBoundingClientRect().left - origin, 0), max);
    if (positions.every((known) => Math.abs(known - position) > 1)) positions.push(position);
  }
  return positions;
}

/** Whether an arrow key belongs to the carousel (not a text field's, not modified, not taken). */
export function isCarouselArrowKey(event: CarouselKeyEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
    return false;
  const target = event.target;
  if (
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable="true"]')
  )
    return false;
  return event.key === 'ArrowLeft' || event.key === 'ArrowRight';
}

/** @returns `[viewportRef, carousel]`, as `useCarousel` does. */
export function useScrollSnapCarousel(): [RefCallback<HTMLElement>, Carousel] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);

  useEffect(() => {
    if (!viewport) return;
    let frame = 0;
    // The snap nearest the scroll position is the selected one; measured once a frame.
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const positions = snapPositions(viewport);
        const left = viewport.scrollLeft;
        let nearest = 0;
        positions.forEach((position, index) => {
          if (Math.abs(position - left) < Math.abs((positions[nearest] ?? 0) - left))
            nearest = index;
        });
        setSnapCount(positions.length);
        setSelected(nearest);
      });
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(viewport);
    viewport.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      viewport.removeEventListener('scroll', update);
    };
  }, [viewport]);

  const scrollTo = useCallback(
    (index: number) => {
      if (!viewport) return;
      const positions = snapPositions(viewport);
      const target = Math.min(Math.max(index, 0), positions.length - 1);
      viewport.scrollTo({
        left: positions[target] ?? 0,
        behavior: reducedMotion() ? 'auto' : 'smooth',
      });
    },
    [viewport],
  );
  const scrollPrev = useCallback(() => scrollTo(selected - 1), [scrollTo, selected]);
  const scrollNext = useCallback(() => scrollTo(selected + 1), [scrollTo, selected]);
  const onKeyDown = useCallback(
    (event: CarouselKeyEvent) => {
      if (!isCarouselArrowKey(event)) return;
      if (event.key === 'ArrowLeft') scrollPrev();
      else scrollNext();
      event.preventDefault();
    },
    [scrollPrev, scrollNext],
  );

  return [setViewport, { selected, snapCount, scrollTo, scrollPrev, scrollNext, onKeyDown }];
}
