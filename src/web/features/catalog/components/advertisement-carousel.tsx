/**
 * The sponsored cards' carousel (spec §2 Home item 2, §9): Swiper with 1 slide, 2 from 720px
 * and 3 from 1024px width, 30px spacing and clickable pagination. Each card shows the product
 * image as background, a Sponsor badge, the product name and "Only $" with the resell price.
 * Loaded lazily by advertisement.tsx, so Swiper never weighs on pages without promotions.
 */
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Keyboard, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import { Link } from 'react-router';
import type { PromotedProduct } from '../../../../contract/entities';
import { formatDollars } from '../../../../contract/money';
import { paths } from '../../../lib/paths';

export function AdvertisementCarousel({ products }: { products: PromotedProduct[] }) {
  return (
    <Swiper
      modules={[Pagination, A11y, Keyboard]}
      slidesPerView={1}
      spaceBetween={30}
      breakpoints={{ 720: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } }}
      pagination={{ clickable: true }}
      keyboard={{ enabled: true, onlyInViewport: true }}
      className="pb-12! [--swiper-theme-color:var(--color-primary)]"
    >
      {products.map((product) => (
        <SwiperSlide key={product._id}>
          <SponsoredCard product={product} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

function SponsoredCard({ product }: { product: PromotedProduct }) {
  return (
    <article
      data-testid="sponsored-card"
      className="relative flex h-72 flex-col justify-end overflow-hidden rounded-box bg-neutral bg-cover bg-center p-6 text-white shadow-md"
      style={{ backgroundImage: `url(${JSON.stringify(product.product_image)})` }}
    >
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
      {/* The whole card opens the listing (issue 13). */}
      <Link
        to={paths.listing.href(product._id)}
        aria-label={product.product_name}
        className="absolute inset-0 z-10 rounded-box focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
      />
    </article>
  );
}
