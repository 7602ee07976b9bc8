/**
 * Limits shared by the server's validation and the SPA's forms: one source of truth per fact
 * (STYLE.md). Lengths are in characters, money in US cents, sizes in bytes.
 */
export const limits = {
  /** Spec §5/§9: minimum password length. */
  passwordMin: 6,
  passwordMax: 128,
  /** Spec §5/§9: minimum phone length on the product form. */
  phoneMin: 11,
  phoneMax: 20,
  categoryNameMax: 50,
  productNameMax: 120,
  productDescriptionMax: 5000,
  locationMax: 120,
  displayNameMax: 80,
  emailMax: 254,
  urlMax: 2048,
  /** Highest price accepted for a listing: $10,000,000.00 in cents. */
  priceMaxCents: 1_000_000_000,
  yearOfUsedMax: 100,
  /** Page size of the category listing when the caller gives no `limit`; `limit` may go to the max. */
  categoryPageDefault: 24,
  categoryPageMax: 100,
  /** The home page's Advertisement carousel shows at most this many promoted products (newest). */
  promotedMax: 20,
  /** Upload cap for `POST /api/images` (bytes) and the largest decoded image (pixels). */
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
} as const;

/** Spec §3: the three product conditions; spec §5: the form defaults to Fair. */
export const conditions = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof conditions)[number];

/** Spec §6: self-registration offers buyer or seller only (default buyer). */
export const registrationRoles = ['buyer', 'seller'] as const;
export type RegistrationRole = (typeof registrationRoles)[number];

/** Spec §3: a user's status starts unverified; an admin verifies sellers. */
export const userStatuses = ['unverified', 'verified'] as const;
export type UserStatus = (typeof userStatuses)[number];
