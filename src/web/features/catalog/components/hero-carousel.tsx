/**
 * docs/product.md §2 Home, item 1: a static picture carousel of three car images. A CSS scroll-snap
 * carousel (daisyUI `carousel`), not a carousel library, to keep the home page's JavaScript small; the
 * previous/next buttons scroll it by one slide. Pictures live in src/web/public/carousel/.
 *
 * Each slide says what the site is for: a headline and one call to action (search, or sell: the
 * add-product form for a signed-in user, sign-up for a visitor), on a dark translucent panel so
 * the white text stays readable whatever the picture (at least 7:1 even over pure white). The
 * slides keep a fixed aspect ratio (4:3 on a phone, 5:2 from `sm`), so nothing moves while the
 * pictures load.
 */
import { useRef } from 'react';
import { Link } from 'react-router';
import { useAuth } from '#web/lib/auth/auth-context';
import { paths } from '#web/lib/paths';
import { sellYourCarHref } from '#web/lib/auth/redirect';

/** The slides' headlines and calls to action (invented: the spec's carousel has no words). */
export const heroTexts = {
  search: { headline: 'Find your next car', action: 'Search cars' },
  sell: { headline: 'Sell your car for free', action: 'Sell your car' },
  verified: { headline: 'Buy from verified sellers', action: 'See verified sellers' },
} as const;

const slides = [
  {
    src: '/carousel/car-1.webp',
    alt: 'A used car ready for its next owner',
    texts: heroTexts.search,
    // Cars: vehicles only, parts one tap away on the search page (decision 0047).
    href: () => paths.search.href('kind=vehicles'),
  },
  {
    src: '/carousel/car-2.webp',
    alt: 'A second-hand car on display',
    texts: heroTexts.sell,
    // A visitor signs up first (the seller role preset) and comes back to the form after signing
    // in; a signed-in user goes straight to the form (a buyer-only account via the seller
    // role's page, which keeps the way back).
    href: (signedIn: boolean) => (signedIn ? paths.sellerAddProduct.href() : sellYourCarHref()),
  },
  {
    src: '/carousel/car-3.webp',
    alt: 'A pre-owned car waiting for a buyer',
    texts: heroTexts.verified,
    href: () => paths.search.href('kind=vehicles&verified=true'),
  },
] as const;

export function HeroCarousel() {
  const trackRef = useRef<HTMLDivElement>(null);
  const signedIn = useAuth().user !== null;

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
            className="relative carousel-item w-full"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            data-testid="hero-slide"
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={1600}
              height={640}
              className="aspect-[4/3] w-full bg-gradient-to-br from-base-300 to-base-200 object-cover sm:aspect-[5/2]"
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
            {/* Bottom left; the previous/next buttons sit bottom right, beside it. */}
            <div className="absolute bottom-3 left-3 max-w-[calc(100%-8.5rem)] rounded-box bg-black/65 p-3 text-white sm:bottom-6 sm:left-6 sm:max-w-md sm:p-5">
              <h2 className="text-lg leading-tight font-bold sm:text-3xl">
                {slide.texts.headline}
              </h2>
              <Link
                to={slide.href(signedIn)}
                className="btn mt-2 btn-sm btn-primary sm:mt-4 sm:btn-md"
              >
                {slide.texts.action}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute right-3 bottom-3 flex gap-2 sm:right-6 sm:bottom-6">
        <button
          type="button"
          className="btn btn-circle border-0 bg-base-100/90 shadow hover:bg-base-100"
          aria-label="Previous picture"
          onClick={() => handleScroll(-1)}
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          className="btn btn-circle border-0 bg-base-100/90 shadow hover:bg-base-100"
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
