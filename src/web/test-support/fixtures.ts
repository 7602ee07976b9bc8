/**
 * Typed fixtures of the component tests: what the API answers, built from the contract's own
 * types, so a fixture that no longer matches the contract fails the type check. Each builder
 * gives a complete, plausible value (a private seller's 2016 car in Denver, on the market) and
 * takes the fields a test is about as overrides.
 */
import type { Category, Product, ProductCard } from '#contract/entities';
import type { Listing } from '#contract/listings';
import type { Offer } from '#contract/offers';
import type { Order } from '#contract/orders';
import type { Place } from '#contract/places';
import type { Profile } from '#contract/profile';
import type { SearchFacets, SearchItem, SearchResult } from '#contract/search';
import type { Trader } from '#contract/trader';
import type { AuthUser } from '#web/lib/auth/auth-context';

/** Ids of the fixtures (UUIDs, as the API's). */
export const ids = {
  listing: '11111111-1111-4111-8111-111111111111',
  otherListing: '22222222-2222-4222-8222-222222222222',
  category: '33333333-3333-4333-8333-333333333333',
  partsCategory: '44444444-4444-4444-8444-444444444444',
  offer: '55555555-5555-4555-8555-555555555555',
  order: '66666666-6666-4666-8666-666666666666',
} as const;

/** Denver, Colorado (GeoNames 5419384), as `GET /api/places/{id}` answers it. */
export const denver: Place = {
  id: 5419384,
  name: 'Denver',
  region: 'Colorado',
  country: 'United States',
  lat: 39.73915,
  lon: -104.9847,
};

/** The seller of the fixtures' listings. */
export const seller: AuthUser = {
  uid: 'seller-uid',
  displayName: 'Sam Seller',
  email: 'sam.seller@example.com',
  photoURL: '',
};

/** A buyer, signed in in the tests that need one. */
export const buyer: AuthUser = {
  uid: 'buyer-uid',
  displayName: 'Bea Buyer',
  email: 'bea.buyer@example.com',
  photoURL: '',
};

/** The categories of `GET /api/categories`: one of cars (vehicles), one of parts. */
export const categories: Category[] = [
  { _id: ids.category, category_name: 'Cars', holds_vehicles: true },
  { _id: ids.partsCategory, category_name: 'Parts', holds_vehicles: false },
];

/** A dealer's trader details (EU DSA Art. 30). */
export function trader(overrides: Partial<Trader> = {}): Trader {
  return {
    legal_name: 'Mile High Motors LLC',
    address: '100 Colfax Ave, Denver, CO',
    phone: '+1 303 555 0100',
    email: 'sales@milehigh.example',
    register_name: 'Colorado Secretary of State',
    register_number: '20231234567',
    self_certified: true,
    opening_hours: null,
    logo_url: null,
    check: null,
    ...overrides,
  };
}

/** A public listing card (`GET /api/search`, category pages): a 2016 car, 120,000 km, $8,400. */
export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    _id: ids.listing,
    product_name: 'Subaru Outback 2016',
    product_description: 'A tidy estate, one careful owner.',
    product_image: '/uploads/outback.jpg',
    product_images: ['/uploads/outback.jpg'],
    make: 'Subaru',
    model: 'Outback',
    model_year: 2016,
    mileage_km: 120_000,
    fuel_type: 'Petrol',
    transmission: 'Automatic',
    body_type: 'Estate',
    color: 'Green',
    vin: null,
    category_id: ids.category,
    category_name: 'Cars',
    condition: 'Good',
    resell_price: 8400,
    original_price: 21_000,
    year_of_used: 9,
    seller_location: 'Denver',
    seller_name: seller.displayName,
    seller_uid: seller.uid,
    seller_image: '',
    seller_verified: false,
    seller_type: 'private',
    trader: null,
    seller_verification: { phone: false, identity: false, admin: false, since: null },
    seller_rating: { average: null, count: 0 },
    createAt: '2025-03-05T14:30:00.000Z',
    order_status: false,
    promote: false,
    listing_status: 'active',
    place: denver,
    ...overrides,
  };
}

/** A search result item: the card, with its distance when the search had a centre. */
export function searchItem(overrides: Partial<SearchItem> = {}): SearchItem {
  return { ...productCard(), ...overrides };
}

const noFacets: SearchFacets = {
  make: [],
  fuel_type: [],
  transmission: [],
  condition: [],
  category: [],
};

/** One page of `GET /api/search`: `items`, their count as the total, no further page. */
export function searchResult(
  items: SearchItem[],
  overrides: Partial<SearchResult> = {},
): SearchResult {
  return {
    items,
    total: items.length,
    estimated: false,
    next_cursor: null,
    facets: noFacets,
    ...overrides,
  };
}

/** A listing page (`GET /api/product/{id}`) of the card above, on the market. */
export function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    ...productCard(),
    category_holds_vehicles: true,
    unavailable: false,
    seller_member_since: '2024-01-10T09:00:00.000Z',
    seller_listings: [],
    seller_listing_count: 1,
    deposit: 0,
    listed_at: '2025-03-05T14:30:00.000Z',
    days_on_market: 3,
    price_history: [{ price: 8400, at: '2025-03-05T14:30:00.000Z' }],
    sold_price: null,
    trust_flags: [],
    ...overrides,
  };
}

/** The seller's own product (`GET /api/products`), as the edit form starts from it. */
export function sellerProduct(overrides: Partial<Product> = {}): Product {
  return {
    ...productCard({ vin: '1HGCM82633A004352' }),
    seller_phone: '+1 303 555 0142',
    seller_email: seller.email,
    reported: false,
    reportCount: 0,
    unavailable: false,
    expires_at: '2025-05-04T14:30:00.000Z',
    deposit: 0,
    ...overrides,
  };
}

/**
 * An offer on the card's listing: $7,500 on the $8,400 asking price, open until `expires_at`
 * (two days after `now` by default), seen by `role`.
 */
export function offer(overrides: Partial<Offer> = {}, now = Date.now()): Offer {
  return {
    _id: ids.offer,
    product_id: ids.listing,
    product_name: 'Subaru Outback 2016',
    product_image: '/uploads/outback.jpg',
    asking_price: 8400,
    amount: 7500,
    counter_amount: null,
    status: 'pending',
    expires_at: new Date(now + 47.5 * 60 * 60 * 1000).toISOString(),
    created_at: new Date(now - 30 * 60 * 1000).toISOString(),
    order_id: null,
    role: 'seller',
    other_party: buyer.displayName,
    ...overrides,
  };
}

/** The signed-in seller's own profile (`GET /api/profile`): no home place, no verified phone. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: '77777777-7777-4777-8777-777777777777',
    uid: seller.uid,
    displayName: seller.displayName,
    email: seller.email,
    photoURL: '',
    role: 'seller',
    isSeller: true,
    isBuyer: true,
    isAdmin: false,
    status: 'unverified',
    hasPassword: true,
    home_place: null,
    time_zone: null,
    mail_time_zone: { name: 'UTC', source: 'unknown' },
    seller_type: 'private',
    trader: null,
    phone: null,
    ...overrides,
  };
}

/** The buyer's open (unpaid) booking of the card's listing (`GET /api/orders`). */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: ids.order,
    customer_info: {
      customer_name: buyer.displayName,
      customer_email: buyer.email,
      customer_uid: buyer.uid,
      customer_phone: '01812345678',
      meeting_location: 'Union Station',
    },
    product_info: {
      product_name: 'Subaru Outback 2016',
      product_image: '/uploads/outback.jpg',
      product_price: 8400,
      product_id: ids.listing,
      product_category: 'Cars',
      product_category_id: ids.category,
    },
    seller_info: {
      seller_name: seller.displayName,
      seller_phone: '+1 303 555 0142',
      seller_email: seller.email,
      seller_uid: seller.uid,
      seller_image: '',
      seller_location: 'Denver',
    },
    order_status: false,
    booked_at: '2025-03-06T10:00:00.000Z',
    booking_state: 'open',
    decline_message: null,
    reviewed: false,
    deposit: null,
    viewing: null,
    payment: null,
    handover_code: null,
    ...overrides,
  };
}
