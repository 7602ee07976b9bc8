/**
 * Carousel building blocks on Embla Carousel (decision 0024), shared by the home page's
 * Advertisement carousel and the listing page's gallery. Embla only measures the slides and
 * moves the track (a CSS transform; swipe and mouse drag with pointer events): the layout is
 * plain CSS flex, so the server-rendered HTML already has every slide at its final size and
 * nothing moves when the script arrives. This module adds what Swiper's A11y, Keyboard and
 * Pagination modules gave before: arrow keys while focus is inside the carousel, and pagination
 * dots that are real buttons with names, the active one marked `aria-current`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';

/** Embla's options (`align`, `containScroll`, `startIndex`, …). */
export type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/** Whether the user asked for less motion: the carousel then jumps instead of sliding. */
function reducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The ref callback for the viewport element (overflow hidden); its first child is the track. */
export type CarouselViewportRef = ReturnType<typeof useEmblaCarousel>[0];

/** The parts of a key event the carousel reads: React's and the DOM's both fit. */
export type CarouselKeyEvent = Pick<
  KeyboardEvent,
  | 'key'
  | 'altKey'
  | 'ctrlKey'
  | 'metaKey'
  | 'shiftKey'
  | 'target'
  | 'defaultPrevented'
  | 'preventDefault'
>;

/** The carousel's state and controls (the second item `useCarousel` returns). */
export interface Carousel {
  /** The index of the selected scroll snap (0 before Embla starts, or `options.startIndex`). */
  selected: number;
  /**
   * How many scroll snaps there are: one a slide when each fills the viewport, fewer when
   * several show at once (4 cards 3 at a time: 2). 0 until Embla has measured (after hydration).
   */
  snapCount: number;
  /** Scrolls to snap `index` (0-based); out-of-range indexes are clamped by Embla. */
  scrollTo: (index: number) => void;
  scrollPrev: () => void;
  scrollNext: () => void;
  /**
   * Put on an element around the carousel (or on the document, for a modal one): ArrowLeft and
   * ArrowRight without modifiers scroll by one snap, except in text fields or when an inner
   * handler already took the key (`defaultPrevented`).
   */
  onKeyDown: (event: CarouselKeyEvent) => void;
}

/**
 * Starts Embla on the element given the returned ref and follows its selection.
 * @param options Embla's options.
 * @param onSelect called with the selected snap index once Embla starts and on every change.
 * @returns `[viewportRef, carousel]`, like Embla's own hook.
 */
export function useCarousel(
  options: CarouselOptions = {},
  onSelect?: (index: number) => void,
): [CarouselViewportRef, Carousel] {
  const [viewportRef, api] = useEmblaCarousel(options);
  const [selected, setSelected] = useState(options.startIndex ?? 0);
  const [snapCount, setSnapCount] = useState(0);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      const index = api.selectedScrollSnap();
      setSelected(index);
      setSnapCount(api.scrollSnapList().length);
      onSelectRef.current?.(index);
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  const scrollTo = useCallback((index: number) => api?.scrollTo(index, reducedMotion()), [api]);
  const scrollPrev = useCallback(() => api?.scrollPrev(reducedMotion()), [api]);
  const scrollNext = useCallback(() => api?.scrollNext(reducedMotion()), [api]);
  const onKeyDown = useCallback(
    (event: CarouselKeyEvent) => {
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey
      )
        return;
      const target = event.target;
      if (
        target instanceof Element &&
        target.closest('input, textarea, select, [contenteditable="true"]')
      )
        return;
      if (event.key === 'ArrowLeft') scrollPrev();
      else if (event.key === 'ArrowRight') scrollNext();
      else return;
      event.preventDefault();
    },
    [scrollPrev, scrollNext],
  );

  return [viewportRef, { selected, snapCount, scrollTo, scrollPrev, scrollNext, onKeyDown }];
}

// The dots live in their own module, so a carousel without Embla can use them (decision 0040).
export { CarouselDots, type CarouselDotsProps } from './carousel-dots';
