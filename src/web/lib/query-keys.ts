/**
 * Every TanStack Query key of the SPA, in one home (decision 0007): a feature that changes data
 * another feature shows (a seller's new listing, an admin's verdict, a payment) names that
 * feature's keys from here instead of importing the feature. Keys of the signed-in user's own
 * data include their uid, so one account never sees another's cache after a change of account.
 * Each group's `all` is the prefix of every key of the group (for `invalidateQueries`).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { RegistrationRole, Role } from '../../contract/limits';

export const queryKeys = {
  /** The public catalogue (docs/product.md §2 Home, Category page). */
  catalog: {
    all: ['catalog'] as const,
    categories: ['catalog', 'categories'] as const,
    promotedProducts: ['catalog', 'promoted-products'] as const,
    /** Every category's listing. */
    allCategoryProducts: ['catalog', 'category-products'] as const,
    categoryProducts: (categoryId: string) => ['catalog', 'category-products', categoryId] as const,
    /** Every listing page. */
    allListings: ['catalog', 'listing'] as const,
    listing: (id: string) => ['catalog', 'listing', id] as const,
    /** A listing's price against its comparables (under its listing: refreshed with it). */
    listingPriceGuidance: (id: string) => ['catalog', 'listing', id, 'price-guidance'] as const,
    /** The seller's contact of a listing, for the signed-in user `uid`. */
    sellerContact: (uid: string, id: string) => ['catalog', 'seller-contact', uid, id] as const,
  },
  /** Seller insights of the signed-in seller `uid` over `days` days. */
  sellerInsights: {
    all: ['seller-insights'] as const,
    list: (uid: string, days: number) => ['seller-insights', uid, days] as const,
  },
  /** Time to sell for a car's details and price (public). */
  timeToSell: (query: Record<string, string | number | undefined>) =>
    ['time-to-sell', query] as const,
  /** Price guidance for a car being listed, keyed by its details. */
  priceGuidance: (query: Record<string, string | number | undefined>) =>
    ['price-guidance', query] as const,
  blogs: ['blogs'] as const,
  /** Gazetteer lookups (decision 0026), keyed by the text typed; and one place by id. */
  places: (q: string) => ['places', q] as const,
  place: (id: number) => ['place', id] as const,
  /** `GET /api/auth-config`: which sign-in methods the server offers. */
  authConfig: ['auth-config'] as const,
  /** A public search, keyed by its filters and sort. */
  search: (state: { filters: Record<string, string | undefined>; sort: string }) =>
    ['search', state.sort, state.filters] as const,
  /** The home page's newest live listings (a search, so refreshed with every search). */
  recentListings: ['search', 'recent'] as const,
  /** The home page's newest live listings near the viewer's centre (also a search). */
  nearListings: (centre: Record<string, string>) => ['search', 'near', centre] as const,
  /** `GET /api/user/{role}/{uid}` of the signed-in user. */
  roles: {
    all: ['roles'] as const,
    role: (role: Role, uid: string) => ['roles', role, uid] as const,
  },
  /** The signed-in user's own profile (/user/profile). */
  profile: (uid: string) => ['profile', uid] as const,
  /** The seller's own products (docs/product.md §2 Seller dashboard). */
  sellerProducts: {
    all: ['seller-products'] as const,
    list: (uid: string) => ['seller-products', uid] as const,
  },
  /** The buyer's orders (docs/product.md §2 Buyer dashboard, Payment page). */
  orders: {
    all: ['orders'] as const,
    list: (uid: string) => ['orders', 'list', uid] as const,
    detail: (uid: string, orderId: string) => ['orders', 'detail', uid, orderId] as const,
  },
  /** The bookings of the seller's products (Seller dashboard Bookings). */
  sellerOrders: {
    all: ['seller-orders'] as const,
    list: (uid: string) => ['seller-orders', uid] as const,
  },
  /** Offers (decision 0034): those the user made as buyer, or those on their listings. */
  offers: {
    all: ['offers'] as const,
    list: (uid: string, role: 'buyer' | 'seller') => ['offers', uid, role] as const,
  },
  /** Saved searches of the signed-in user `uid`. */
  savedSearches: {
    all: ['saved-searches'] as const,
    list: (uid: string) => ['saved-searches', uid] as const,
  },
  /** Messages: the conversation list, each thread and the unread badge. */
  messages: {
    all: ['messages'] as const,
    conversations: (uid: string) => ['messages', 'conversations', uid] as const,
    thread: (uid: string, conversationId: string) =>
      ['messages', 'thread', uid, conversationId] as const,
    unread: (uid: string) => ['messages', 'unread', uid] as const,
  },
  /**
   * Favourites of the signed-in user `uid`: the /favourites list and, per listing,
   * whether it is saved (the hearts).
   */
  favourites: {
    all: ['favourites'] as const,
    list: (uid: string) => ['favourites', 'list', uid] as const,
    saved: (uid: string, productId: string) => ['favourites', 'saved', uid, productId] as const,
  },
  /** The signed-in user's notification e-mail settings. */
  notificationSettings: {
    all: ['notification-settings'] as const,
    mine: (uid: string) => ['notification-settings', uid] as const,
  },
  /** The signed-in user's push notification switches. */
  pushSettings: {
    mine: (uid: string) => ['push-settings', uid] as const,
  },
  /** Seller profiles and reviews: public, keyed by the seller's uid. */
  reviews: {
    all: ['reviews'] as const,
    sellerProfile: (sellerUid: string) => ['reviews', 'seller', sellerUid] as const,
  },
  /** The payment page (decision 0005). */
  payments: {
    config: ['payment-config'] as const,
    /** The client secret of the signed-in buyer's open order of a product. */
    intent: (uid: string, productId: string) => ['payment-intent', uid, productId] as const,
  },
  /** The admin dashboard (docs/product.md §2 Admin dashboard). */
  moderation: {
    all: ['moderation'] as const,
    users: (uid: string, role: RegistrationRole) => ['moderation', 'users', role, uid] as const,
    reportedProducts: (uid: string) => ['moderation', 'reported-products', uid] as const,
    /** Every category with its listing count (the admin's Categories page). */
    categories: (uid: string) => ['moderation', 'categories', uid] as const,
    /** The appeals (admin), the seller's removals, the public transparency report. */
    appeals: (uid: string) => ['moderation', 'appeals', uid] as const,
    decisions: (uid: string) => ['moderation', 'decisions', uid] as const,
    transparency: ['moderation', 'transparency'] as const,
  },
};

/**
 * After a listing changes (added, promoted, deleted, sold), the lists that show listings are
 * stale: the home page's Advertisement, every category's pages, listing pages and searches. Those on screen refetch at once.
 */
export function invalidateListings(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.catalog.promotedProducts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.catalog.allCategoryProducts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.catalog.allListings }),
    queryClient.invalidateQueries({ queryKey: ['search'] }),
  ]);
}
