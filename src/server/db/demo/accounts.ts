/**
 * The demo users. The first three (admin, seller, buyer) are the accounts the README and the
 * first-start banner advertise; they all sign in with {@link DEMO_PASSWORD} once the identity
 * layer creates their credentials. E-mail addresses use the reserved domain example.com
 * (RFC 2606) and phone numbers the fictional 555-01xx range, so nothing reaches a real person.
 */
import type { RegistrationRole, UserStatus } from '#contract/limits.js';

/** The shared password of every demo account (demo data only; never use it in production). */
export const DEMO_PASSWORD = 'secondgear-demo';

export interface DemoUser {
  /** Identity-provider user id: fixed and URL-safe, so links and tests can name it. */
  uid: string;
  displayName: string;
  email: string;
  role: RegistrationRole;
  isAdmin: boolean;
  status: UserStatus;
  /** Contact phone (≥ 11 characters, docs/product.md §5); sellers put it on their listings. */
  phone: string;
  /** Home city, "City, ST": sellers list there by default, and it is the home place. */
  city: string;
}

/** The operator-granted admin (decision 0002). Registered as a buyer, like a Google sign-in. */
export const DEMO_ADMIN: DemoUser = {
  uid: 'demo-admin',
  displayName: 'Jordan Reyes',
  email: 'admin@example.com',
  role: 'buyer',
  isAdmin: true,
  status: 'unverified',
  phone: '+1 512 555 0100',
  city: 'Austin, TX',
};

/** A verified seller with listings in several categories, some sold and some promoted. */
export const DEMO_SELLER: DemoUser = {
  uid: 'demo-seller',
  displayName: 'Sam Carter',
  email: 'seller@example.com',
  role: 'seller',
  isAdmin: false,
  status: 'verified',
  phone: '+1 512 555 0142',
  city: 'Austin, TX',
};

/** A buyer with paid orders and one booked order still waiting for payment. */
export const DEMO_BUYER: DemoUser = {
  uid: 'demo-buyer',
  displayName: 'Riley Chen',
  email: 'buyer@example.com',
  role: 'buyer',
  isAdmin: false,
  status: 'unverified',
  phone: '+1 512 555 0163',
  city: 'Austin, TX',
};

/** The three advertised sign-in accounts, in the order they are printed. */
export const demoAccounts: readonly DemoUser[] = [DEMO_ADMIN, DEMO_SELLER, DEMO_BUYER];

/** More sellers, verified and not, so the admin's seller list has something to moderate. */
export const otherDemoSellers: readonly DemoUser[] = [
  {
    uid: 'demo-seller-maya',
    displayName: 'Maya Okafor',
    email: 'maya.okafor@example.com',
    role: 'seller',
    isAdmin: false,
    status: 'verified',
    phone: '+1 303 555 0187',
    city: 'Denver, CO',
  },
  {
    uid: 'demo-seller-daniel',
    displayName: 'Daniel Brooks',
    email: 'daniel.brooks@example.com',
    role: 'seller',
    isAdmin: false,
    status: 'unverified',
    phone: '+1 614 555 0119',
    city: 'Columbus, OH',
  },
  {
    uid: 'demo-seller-lucia',
    displayName: 'Lucía Fernández',
    email: 'lucia.fernandez@example.com',
    role: 'seller',
    isAdmin: false,
    status: 'verified',
    phone: '+1 602 555 0164',
    city: 'Phoenix, AZ',
  },
  {
    uid: 'demo-seller-tom',
    displayName: 'Tom Whitaker',
    email: 'tom.whitaker@example.com',
    role: 'seller',
    isAdmin: false,
    status: 'unverified',
    phone: '+1 503 555 0131',
    city: 'Portland, OR',
  },
  {
    uid: 'demo-seller-priya',
    displayName: 'Priya Nair',
    email: 'priya.nair@example.com',
    role: 'seller',
    isAdmin: false,
    status: 'verified',
    phone: '+1 919 555 0176',
    city: 'Raleigh, NC',
  },
];

/** More buyers: they bought or reported some listings, and fill the admin's buyer list. */
export const otherDemoBuyers: readonly DemoUser[] = [
  {
    uid: 'demo-buyer-jamie',
    displayName: 'Jamie Lopez',
    email: 'jamie.lopez@example.com',
    role: 'buyer',
    isAdmin: false,
    status: 'unverified',
    phone: '+1 303 555 0125',
    city: 'Denver, CO',
  },
  {
    uid: 'demo-buyer-noah',
    displayName: 'Noah Patel',
    email: 'noah.patel@example.com',
    role: 'buyer',
    isAdmin: false,
    status: 'unverified',
    phone: '+1 602 555 0148',
    city: 'Phoenix, AZ',
  },
];

/** Every demo user, advertised accounts first. */
export const demoUsers: readonly DemoUser[] = [
  ...demoAccounts,
  ...otherDemoSellers,
  ...otherDemoBuyers,
];
