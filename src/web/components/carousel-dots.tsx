/** A carousel's pagination dots (carousel.tsx and scroll-snap-carousel.ts use them). */
export interface CarouselDotsProps {
  /** How many dots (scroll snaps). None is drawn for fewer than 2. */
  count: number;
  /** The active dot's index: `aria-current="true"`. */
  selected: number;
  onSelect: (index: number) => void;
  /** The dot's accessible name, e.g. `(i) => \`Go to slide ${i + 1}\``; `i` is 0-based. */
  label: (index: number) => string;
  /** Classes for the row (height, position); the row is a flex line of 24 × 24 px targets. */
  className?: string;
  /** The inactive dot's colour class; the active one is the primary colour. */
  dotClassName?: string;
}

/**
 * Pagination dots: a 12 px dot inside each 24 × 24 px button (WCAG 2.2 target size, axe
 * `target-size`), keyboard focusable, named by `label`, the active one `aria-current="true"`.
 */
export function CarouselDots({
  count,
  selected,
  onSelect,
  label,
  className = '',
  dotClassName = 'bg-base-content/30',
}: CarouselDotsProps) {
  return (
    <div className={`flex items-center justify-center gap-1 ${className}`}>
      {count > 1 &&
        Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            aria-label={label(index)}
            aria-current={index === selected ? 'true' : undefined}
            onClick={() => onSelect(index)}
            className={`size-6 cursor-pointer rounded-full bg-clip-content p-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary aria-[current=true]:bg-primary ${dotClassName}`}
          />
        ))}
    </div>
  );
}
