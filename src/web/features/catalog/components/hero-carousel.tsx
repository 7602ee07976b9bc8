/**
 * Spec §2 Home, item 1: a static picture carousel of three car images. A CSS scroll-snap
 * carousel (daisyUI `carousel`), not a carousel library, to keep the home page's JavaScript small; the
 * previous/next buttons scroll it by one slide. Pictures live in src/web/public/carousel/.
 */
import { useRef } from 'react';

const slides = [
  { src: '/carousel/car-1.webp', alt: 'A used car ready for its next owner' },
  { src: '/carousel/car-2.webp', alt: 'A second-hand car on display' },
  { src: '/carousel/car-3.webp', alt: 'A pre-owned car waiting for a buyer' },
] as const;

export function HeroCarousel() {
  const trackRef = useRef<HTMLDivElement>(null);

  const handleScroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const width = track.clientWidth;
    const last = track.scrollWidth - width;
    let left = track.scrollLeft + direction * width;
    // Wrap around at either end.
    if (left > last + 1) left = 0;
    if (left < -1) left = last;
    track.scrollTo({ left, behavior: 'smooth' });
  };

  return (
    <section aria-roledescription="carousel" aria-label="Cars" className="relative">
      <div
        ref={trackRef}
        tabIndex={0}
        className="carousel w-full overflow-x-auto rounded-box bg-base-300 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        {slides.map((slide, index) => (
          <div
            key={slide.src}
            className="carousel-item w-full"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={1600}
              height={640}
              className="aspect-[16/9] w-full bg-gradient-to-br from-base-300 to-base-200 object-cover sm:aspect-[5/2]"
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
          </div>
        ))}
      </div>
      <div className="pointer-events-none absolute inset-x-3 top-1/2 flex -translate-y-1/2 justify-between">
        <button
          type="button"
          className="btn pointer-events-auto btn-circle border-0 bg-base-100/80 shadow hover:bg-base-100"
          aria-label="Previous picture"
          onClick={() => handleScroll(-1)}
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          className="btn pointer-events-auto btn-circle border-0 bg-base-100/80 shadow hover:bg-base-100"
          aria-label="Next picture"
          onClick={() => handleScroll(1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'}
      />
    </svg>
  );
}
