/**
 * Limits shared by the server's validation and the SPA's forms: one source of truth per fact
 * (decision 0001). Lengths are in characters, money in US cents, sizes in bytes.
 */
export const limits = {
  /** docs/product.md §5/§9: minimum password length. */
  passwordMin: 6,
  passwordMax: 128,
  /** docs/product.md §5/§9: minimum phone length on the product form. */
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
  /** Listings one search-impressions beacon may name (a results page shows fewer). */
  impressionsMax: 100,
  yearOfUsedMax: 100,
  /** Page size of the category listing when the caller gives no `limit`; `limit` may go to the max. */
  categoryPageDefault: 24,
  categoryPageMax: 100,
  /** The home page's Advertisement carousel shows at most this many promoted products (newest). */
  promotedMax: 20,
  /** Upload cap for `POST /api/images` (bytes) and the largest decoded image (pixels). */
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  /** The largest width or height of an uploaded image (pixels); a 1 px high strip is no photo. */
  imageMaxSide: 10_000,
  /**
   * The most scans a JPEG may have. A progressive camera or encoder JPEG has about 10 (libjpeg's
   * default script) and fewer than ~20 at most; each scan is decoded over the whole picture, so
   * thousands of them in a small file cost seconds of CPU.
   */
  imageMaxJpegScans: 64,
  /** A listing has 1 to this many photos (`product_images`). */
  productImagesMax: 20,
  /** The listing page's seller card links at most this many other listings. */
  sellerOtherListingsMax: 12,
  /** Make, model, body type and colour, in characters. */
  vehicleTextMax: 40,
  /** `model_year` bounds (the first car, 1886; next year's models are on sale). */
  modelYearMin: 1886,
  modelYearMax: 2100,
  /** The highest `mileage_km` accepted. */
  mileageKmMax: 5_000_000,
} as const;

/** The fuel types of a vehicle listing. */
export const fuelTypes = ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'Other'] as const;
export type FuelType = (typeof fuelTypes)[number];

/** The transmissions of a vehicle listing. */
export const transmissions = ['Manual', 'Automatic'] as const;
export type Transmission = (typeof transmissions)[number];

/** A VIN is 17 characters, digits and capital letters but I, O and Q (ISO 3779). */
export const vinPattern = /^[A-HJ-NPR-Z0-9]{17}$/;

/** A browser's random visitor id (seller insights, decision 0029): 16–64 URL-safe characters. */
export const visitorIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** Image formats `POST /api/images` accepts (checked from the bytes, not the name). */
export const acceptedImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** The accepted formats and size limit as the image inputs state them. */
export const imageInputHint = `JPEG, PNG, WebP, GIF or AVIF, at most ${limits.imageMaxBytes / 1024 / 1024} MB`;

/**
 * Checks a chosen file before it is uploaded: its declared type must be one
 * of `acceptedImageTypes` and its size at most `limits.imageMaxBytes`. The server checks the bytes
 * again; this only spares the user a pointless upload (and, on registration, an account created
 * with a photo that then fails).
 * @param label the field's label, e.g. `Photo`
 * @returns a sentence naming the problem, or undefined when the file may be uploaded
 */
export function imageFileProblem(
  file: { type: string; size: number; name: string },
  label: string,
): string | undefined {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    return `${label} must be an image (${imageInputHint}); ${file.name} is not`;
  }
  if (file.size > limits.imageMaxBytes) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1);
    return `${label} must be at most ${limits.imageMaxBytes / 1024 / 1024} MB; ${file.name} is ${megabytes} MB`;
  }
  return undefined;
}

/** Name of the multipart field of `POST /api/images` carrying the file (docs/product.md §7 image host). */
export const imageFieldName = 'image';

/** docs/product.md §3: the three product conditions; docs/product.md §5: the form defaults to Fair. */
export const conditions = ['Excellent', 'Good', 'Fair'] as const;
export type Condition = (typeof conditions)[number];

/**
 * docs/product.md §4, §6: the roles a user may hold (one user may hold several). Admin is granted by an
 * operator; `GET /api/user/{role}/{uid}` tells the signed-in user whether they hold one.
 */
export const roles = ['admin', 'seller', 'buyer'] as const;
export type Role = (typeof roles)[number];

/** docs/product.md §6: self-registration offers buyer or seller only (default buyer). */
export const registrationRoles = ['buyer', 'seller'] as const;
export type RegistrationRole = (typeof registrationRoles)[number];

/** docs/product.md §3: a user's status starts unverified; an admin verifies sellers. */
export const userStatuses = ['unverified', 'verified'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** How far ahead a viewing may be proposed, in days (decision 0034). */
export const viewingWindowDays = 30;
