/**
 * The pages the server renders (decision 0015): the public, indexable ones — home,
 * `/blogs`, `/search`, `/listing/{id}`, `/seller/{uid}` and the accessibility statement — and the account forms a visitor
 * opens first — `/login`, `/registration`, `/forgot-password` (their form paints with
 * the HTML instead of after the script and the page's chunk). For each: the queries to fetch
 * before rendering (the same query options the page's hooks use, so the browser finds them in
 * the dehydrated cache and does not ask again) and the page's `<head>`: title, meta
 * description, canonical URL, Open Graph tags and, on a listing, schema.org JSON-LD.
 *
 * Every other route (dashboards, payment, the category page, which needs a login by docs/product.md §2) is
 * not listed here and stays client-rendered behind its guards.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Listing } from '#contract/listings';
import { listingStates } from '#contract/listing-state';
import type { SellerProfile } from '#contract/reviews';
import { blogsQueryOptions } from '../../features/blogs/api/get-blogs';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories';
import { promotedProductsQueryOptions } from '../../features/catalog/api/get-promoted-products';
import { recentListingsQueryOptions } from '../../features/catalog/api/get-recent-listings';
import { listingQueryOptions } from '../../features/listings/api/get-listing';
import { listingPriceGuidanceQueryOptions } from '../../features/listings/api/get-price-guidance';
import { sellerProfileQueryOptions } from '../../features/reviews/api/reviews';
import { searchQueryOptions } from '../../features/search/api/search-listings';
import { placeQueryOptions } from '../../lib/place-query';
import { readSearchState } from '../../features/search/lib/search-params';
import { isApiError } from '../../lib/api-client';
import { getAuthConfig } from '../../lib/auth/identity-client';
import { queryKeys } from '../../lib/query-keys';
import { paths } from '../../lib/paths';

/** What the document's `<head>` says about a page. */
export interface PageHead {
  /** The `<title>`, the same as the page's own PageTitle, e.g. "Toyota Corolla | Second Gear". */
  title: string;
  /** The meta description and `og:description` (at most ~160 characters). */
  description: string;
  /** The canonical path (no origin), e.g. `/listing/…`; null for a page that must not be indexed. */
  canonicalPath: string | null;
  /** `og:image`: a path or absolute URL of the page's picture. */
  image?: string;
  /** `og:type`: `website` unless said otherwise. */
  type?: 'website' | 'product' | 'profile';
  /** A schema.org object, embedded as `application/ld+json`. */
  jsonLd?: Record<string, unknown>;
}

/** What rendering a page needs to know before React runs. */
export interface PagePlan {
  /** Fetches the page's data into `queryClient`; a 404 from the API is not thrown. */
  prefetch(queryClient: QueryClient): Promise<void>;
  /** The head, read from the fetched data; `status` 404 when the thing does not exist. */
  head(queryClient: QueryClient): { status: 200 | 404; head: PageHead };
}

const siteName = 'Second Gear';
const siteDescription = 'Second Gear: a marketplace for used cars and second-hand goods.';
const notFoundHead: PageHead = {
  title: `Page not found | ${siteName}`,
  description: siteDescription,
  canonicalPath: null,
};

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function truncate(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The schema.org object of a listing: `Car` in a vehicle category, else `Product`, with an Offer. */
export function listingJsonLd(listing: Listing, canonicalUrl: string): Record<string, unknown> {
  const vehicle = listing.category_holds_vehicles;
  const offer = {
    '@type': 'Offer',
    url: canonicalUrl,
    price: listing.resell_price.toFixed(2),
    priceCurrency: 'USD',
    // The state's record says it (src/contract/listing-state.ts): an expired listing is
    // discontinued, a reserved one still offered but promised (LimitedAvailability), …
    availability: listingStates[listing.listing_status].availability,
    itemCondition: 'https://schema.org/UsedCondition',
    seller: { '@type': 'Person', name: listing.seller_name },
  };
  const base: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': vehicle ? 'Car' : 'Product',
    name: listing.product_name,
    description: truncate(listing.product_description, 5000),
    image: listing.product_images,
    category: listing.category_name,
    url: canonicalUrl,
    offers: offer,
  };
  if (vehicle) {
    if (listing.make) base.brand = { '@type': 'Brand', name: listing.make };
    if (listing.model) base.model = listing.model;
    if (listing.model_year !== null) base.vehicleModelDate = String(listing.model_year);
    if (listing.mileage_km !== null) {
      base.mileageFromOdometer = {
        '@type': 'QuantitativeValue',
        value: listing.mileage_km,
        unitCode: 'KMT',
      };
    }
    if (listing.fuel_type) base.fuelType = listing.fuel_type;
    if (listing.transmission) base.vehicleTransmission = listing.transmission;
    if (listing.body_type) base.bodyType = listing.body_type;
    if (listing.color) base.color = listing.color;
    if (listing.vin) base.vehicleIdentificationNumber = listing.vin;
  }
  return base;
}

const homePlan: PagePlan = {
  async prefetch(queryClient) {
    await Promise.all([
      queryClient.prefetchQuery(categoriesQueryOptions()),
      queryClient.prefetchQuery(promotedProductsQueryOptions()),
      queryClient.prefetchQuery(recentListingsQueryOptions()),
    ]);
  },
  head() {
    return {
      status: 200,
      head: {
        title: siteName,
        description:
          'Buy and sell used cars and second-hand goods: browse categories, book a viewing, pay by card.',
        canonicalPath: paths.home.href(),
      },
    };
  },
};

const blogsPlan: PagePlan = {
  async prefetch(queryClient) {
    await queryClient.prefetchQuery(blogsQueryOptions());
  },
  head() {
    return {
      status: 200,
      head: {
        title: `Blogs | ${siteName}`,
        description: 'Questions and answers about buying and selling used cars on Second Gear.',
        canonicalPath: paths.blogs.href(),
      },
    };
  },
};

function searchPlan(params: URLSearchParams): PagePlan {
  const state = readSearchState(params);
  const place = placeQueryOptions(state.centre?.near);
  return {
    async prefetch(queryClient) {
      await Promise.all([
        queryClient.prefetchInfiniteQuery(searchQueryOptions(state)),
        queryClient.prefetchQuery(categoriesQueryOptions()),
        // The place's name is in the heading ("Sedan near Austin").
        ...(place.enabled ? [queryClient.prefetchQuery(place)] : []),
      ]);
    },
    head(queryClient) {
      const q = state.filters.q;
      const first = queryClient.getQueryData(searchQueryOptions(state).queryKey)?.pages[0];
      const count = first ? `${first.total.toLocaleString('en-US')} listings` : 'Listings';
      const query = params.toString();
      return {
        status: 200,
        head: {
          title: q ? `${q} - Search | ${siteName}` : `Search | ${siteName}`,
          description: q
            ? `${count} matching “${truncate(q, 60)}” on Second Gear.`
            : `${count} of used cars and second-hand goods on Second Gear.`,
          // One canonical search page per filter set; the default sort is left out.
          canonicalPath: paths.search.href(query),
        },
      };
    },
  };
}

function listingPlan(id: string): PagePlan {
  const options = listingQueryOptions(id);
  return {
    async prefetch(queryClient) {
      // The price badge with the listing, so the page hydrates with it in place.
      await Promise.all([
        queryClient.prefetchQuery(options),
        queryClient.prefetchQuery(listingPriceGuidanceQueryOptions(id)),
      ]);
    },
    head(queryClient) {
      const listing = queryClient.getQueryData(options.queryKey);
      if (!listing) return { status: 404, head: notFoundHead };
      const canonicalPath = paths.listing.href(listing._id);
      const price = `$${listing.resell_price.toLocaleString('en-US')}`;
      return {
        status: 200,
        head: {
          title: `${listing.product_name} | ${siteName}`,
          description: truncate(
            `${price} · ${listing.seller_location} · ${listing.product_description}`,
          ),
          canonicalPath,
          image: listing.product_image,
          type: 'product',
          jsonLd: listingJsonLd(listing, canonicalPath),
        },
      };
    },
  };
}

function sellerPlan(uid: string): PagePlan {
  const options = sellerProfileQueryOptions(uid);
  return {
    async prefetch(queryClient) {
      await queryClient.prefetchQuery(options);
    },
    head(queryClient) {
      const profile: SellerProfile | undefined = queryClient.getQueryData(options.queryKey);
      if (!profile) return { status: 404, head: notFoundHead };
      const { seller, products } = profile;
      return {
        status: 200,
        head: {
          title: `${seller.display_name} | ${siteName}`,
          description: truncate(
            `${seller.display_name} sells on Second Gear: ${products.length} live listing${
              products.length === 1 ? '' : 's'
            }${profile.rating.count ? `, rated ${profile.rating.average}/5 by ${profile.rating.count} buyers` : ''}.`,
          ),
          canonicalPath: paths.sellerProfile.href(seller.uid),
          image: seller.photo_url || undefined,
          type: 'profile',
        },
      };
    },
  };
}

/**
 * An account form (login, registration, forgot password): the same markup for every visitor, so
 * it is rendered like a public page. `prefetch` fetches what the form reads on its own: the
 * login page's "Continue With Google" button reads the identity provider's settings, fetched so
 * it hydrates in its final state.
 */
function accountPlan(
  heading: string,
  canonicalPath: string,
  description: string,
  prefetch: PagePlan['prefetch'] = async () => {},
): PagePlan {
  return {
    prefetch,
    head() {
      return {
        status: 200,
        head: { title: `${heading} | ${siteName}`, description, canonicalPath },
      };
    },
  };
}

const loginPlan = accountPlan(
  'Login Now',
  paths.login.href(),
  'Log in to Second Gear to book a viewing, pay for an item or sell your own.',
  async (queryClient) => {
    await queryClient.prefetchQuery({ queryKey: queryKeys.authConfig, queryFn: getAuthConfig });
  },
);
const registrationPlan = accountPlan(
  'Register Now',
  paths.registration.href(),
  'Create a Second Gear account to buy and sell used cars and second-hand goods.',
);
const forgotPasswordPlan = accountPlan(
  'Forgot Password',
  paths.forgotPassword.href(),
  'Get a link to set a new Second Gear password.',
);

/**
 * The accessibility statement (European Accessibility Act): readable without the script, so a
 * visitor whose assistive technology struggles with the app still gets it, and how to report.
 */
const accessibilityPlan: PagePlan = {
  async prefetch() {},
  head() {
    return {
      status: 200,
      head: {
        title: `Accessibility statement | ${siteName}`,
        description:
          'How accessible Second Gear is (WCAG 2.2 AA), the barriers we know of, and how to report one.',
        canonicalPath: paths.accessibility.href(),
      },
    };
  },
};

/**
 * The route patterns of the pages above, in the router's syntax (which Fastify shares): the
 * server registers exactly these (src/server/plugins/web.ts reads them from the SSR build).
 */
export const renderedPaths: readonly string[] = [
  paths.home.path,
  paths.blogs.path,
  paths.search.path,
  paths.listing.path,
  paths.sellerProfile.path,
  paths.login.path,
  paths.registration.path,
  paths.forgotPassword.path,
  paths.accessibility.path,
];

/** The plan of the page at `url`, or null when the page is left to the browser. */
export function planPage(url: URL): PagePlan | null {
  const path = url.pathname;
  if (matchPath(paths.home.path, path)) return homePlan;
  if (matchPath(paths.blogs.path, path)) return blogsPlan;
  if (matchPath(paths.search.path, path)) return searchPlan(url.searchParams);
  const listing = matchPath(paths.listing.path, path);
  if (listing?.params.id) return listingPlan(listing.params.id);
  const seller = matchPath(paths.sellerProfile.path, path);
  if (seller?.params.uid) return sellerPlan(seller.params.uid);
  if (matchPath(paths.login.path, path)) return loginPlan;
  if (matchPath(paths.registration.path, path)) return registrationPlan;
  if (matchPath(paths.forgotPassword.path, path)) return forgotPasswordPlan;
  if (matchPath(paths.accessibility.path, path)) return accessibilityPlan;
  return null;
}

/** True when a prefetch failed with a 4xx (the page then shows its own not-found state). */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
