/**
 * The sponsored cards' carousel (docs/product.md §2 Home item 2, §9): 1 slide, 2 from 720px and 3 from
 * 1024px width, 30px spacing and clickable pagination. Each card shows the product image as
 * background (a responsive picture behind the text, whole: contained in the card's 4:3 box on
 * the neutral fill, so no photo loses its sides — a cover crop once cut "TESLA" to "ESLA"), a
 * Sponsor badge, the product name and "Only $" with the resell price.
 *
 * The browser's own scroll snapping (decision 0040, components/scroll-snap-carousel.ts; it was
 * Embla, decision 0024): the slide widths and the 30 px spacing are CSS (flex bases and a gap),
 * so the server-rendered cards already sit where they stay; swipe and scrolling are the
 * browser's, and the script adds the pagination dots (buttons "Go to slide N", the active one
 * `aria-current`) and arrow keys while focus is inside. The dots' 40 px row is there from the
 * first paint, filled once the snaps are counted.
 * Loaded lazily by advertisement.tsx, so none of it weighs on pages without promotions.
 */
import { Link } from 'react-router';
import type { PromotedProduct } from '#contract/entities';
import { formatDollars } from '#contract/money';
import { paths } from '#web/lib/paths';
import { ResponsiveImage } from '#web/components/responsive-image';
import { CarouselDots } from '#web/components/carousel-dots';
import { useScrollSnapCarousel } from '#web/components/scroll-snap-carousel';

/** A card's width: a third of the page from 1024 px, half from 720 px, else all of it. */
const sponsoredImageSizes = '(min-width: 1024px) 33vw, (min-width: 720px) 50vw, 100vw';

export function AdvertisementCarousel({ products }: { products: PromotedProduct[] }) {
  const [viewportRef, carousel] = useScrollSnapCarousel();
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Sponsored products"
      onKeyDown={carousel.onKeyDown}
    >
      {/* pb-2 lets the cards' shadow show; with the dots' h-10 it makes Swiper's old 48 px. */}
      <div
        ref={viewportRef}
        className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:none]"
      >
        <div className="flex gap-[30px]">
          {products.map((product, index) => (
            <div
              key={product._id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${products.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start min-[720px]:basis-[calc((100%-30px)/2)] lg:basis-[calc((100%-60px)/3)]"
            >
              <SponsoredCard product={product} />
            </div>
          ))}
        </div>
      </div>
      <CarouselDots
        className="h-10"
        count={carousel.snapCount}
        selected={carousel.selected}
        onSelect={carousel.scrollTo}
        label={(index) => `Go to slide ${index + 1}`}
      />
    </div>
  );
}

function SponsoredCard({ product }: { product: PromotedProduct }) {
  return (
    <article
      data-testid="sponsored-card"
      className="relative flex aspect-[4/3] flex-col justify-end overflow-hidden rounded-box bg-neutral p-6 text-white shadow-md"
    >
      <ResponsiveImage
        src={product.product_image}
        alt=""
        sizes={sponsoredImageSizes}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        className="absolute inset-0 h-full w-full object-contain object-center"
      />
      <div
        className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/35 to-transparent"
        aria-hidden="true"
      />
      <span className="badge absolute top-4 right-4 border-0 badge-accent font-semibold shadow">
        Sponsor
      </span>
      <div className="relative">
        <h3 className="text-xl font-bold drop-shadow">{product.product_name}</h3>
        <p className="mt-1 text-lg font-semibold text-accent">
          Only {formatDollars(product.resell_price)}
        </p>
      </div>
      {/* The whole card opens the listing. */}
      <Link
        to={paths.listing.href(product._id)}
        aria-label={product.product_name}
        className="absolute inset-0 z-10 rounded-box focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
      />
    </article>
  );
}
