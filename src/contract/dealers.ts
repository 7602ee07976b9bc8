/**
 * Dealers: business sellers, their trader details, inventory import and the dealer API
 * (docs/features.md "Dealers"; decision 0046).
 *
 * - Every seller is `private` or `business`. A business seller gives its trader details once,
 *   `PUT /api/profile/trader` (EU Digital Services Act Art. 30(1); `self_certified: true` is the
 *   seller's statement that it offers only products that comply with EU law). Listings and seller
 *   profiles carry `seller_type` and, for a business, `trader` (Consumer Rights Directive Art. 6a:
 *   the buyer learns whether the seller is a trader).
 * - `POST /api/dealer/imports?mode=full|partial&dry_run=true|false` (multipart field `file`, CSV
 *   or JSON) imports a business seller's stock, idempotently by `external_id`; in `full` mode a
 *   car missing from the file becomes unavailable (the listing state, decision 0027), never
 *   deleted. A feed URL (`PUT /api/dealer/feed`) is imported the same way every hour.
 * - API keys (`/api/dealer/api-keys`) authenticate `PUT`/`DELETE /api/dealer/inventory/{external_id}`
 *   with the `X-Api-Key` header.
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';
import { fuelTypes, limits, transmissions, vinPattern } from './limits.js';
import { idSchema, uidSchema } from './entities.js';
import { sellerTypeFields } from './trader.js';

export * from './trader.js';

/** Texts the pages show about sellers' types and the dealer tools. */
export const dealerTexts = {
  businessOnly: 'Only business sellers can do this: add your trader details first',
  selfCertified:
    'I confirm that I offer only products and services that comply with the applicable rules of EU law',
  importTitle: 'Import',
  dryRunDone: 'Dry run: nothing was saved',
  importDone: 'Import finished',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** The phone rule of the listing form: 11–20 characters, digits, spaces, +, - and (). */
export const traderPhoneSchema = z
  .string({ message: 'phone is required' })
  .trim()
  .min(limits.phoneMin, { message: `phone must be at least ${limits.phoneMin} characters` })
  .max(limits.phoneMax, { message: `phone must be at most ${limits.phoneMax} characters` })
  .regex(/^\+?[0-9 ()-]+$/, { message: 'phone must contain only digits, spaces, +, - and ()' });

/** Body of `PUT /api/profile/trader`. */
export const traderInputSchema = z
  .object({
    legal_name: text('legal_name', 120),
    address: text('address', 300),
    phone: traderPhoneSchema,
    email: z.email({ message: 'email must be an e-mail address' }).max(254),
    register_name: text('register_name', 120),
    register_number: text('register_number', 60),
    self_certified: z.literal(true, {
      message: 'self_certified must be true: confirm you offer only lawful products',
    }),
    opening_hours: z.string().trim().max(300).nullish(),
    logo_url: z
      .string()
      .regex(/^\/uploads\/[A-Za-z0-9._-]+$/, { message: 'logo_url must be an upload of ours' })
      .nullish(),
  })
  .strict();
export type TraderInput = z.infer<typeof traderInputSchema>;

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

export const putTraderContract = {
  method: 'PUT',
  url: '/api/profile/trader',
  summary:
    'Makes the caller (a seller) a business seller with these trader details (EU DSA Art. 30(1)); a second call changes them. Any earlier admin check is reset to none.',
  body: traderInputSchema,
  response: { 200: z.object(sellerTypeFields), ...guarded },
} as const;

export const traderCheckContract = {
  method: 'PATCH',
  url: '/api/trader-check/:uid',
  summary:
    "Admin: asks for (`requested`) or records (`passed`, `failed`) a check of a business seller's trader details (audit-logged `trader.check`). 404 for a seller who is not a business.",
  params: z.object({ uid: uidSchema }),
  querystring: z.object({ id: idSchema.describe("the business seller's record id (`_id`)") }),
  body: z.object({ result: z.enum(['requested', 'passed', 'failed']) }).strict(),
  response: { 200: z.object(sellerTypeFields), ...guarded, 404: errorSchema },
} as const;

// ----- Inventory import -----

/** The columns of an inventory file, in the template's order. */
export const inventoryColumns = [
  'external_id',
  'category',
  'make',
  'model',
  'year',
  'mileage',
  'mileage_unit',
  'price',
  'fuel',
  'transmission',
  'body',
  'colour',
  'vin',
  'description',
  'place',
  'photo_urls',
] as const;

/** One mile in kilometres (exact, by definition). */
export const KM_PER_MILE = 1.609344;

/** '' and null read as absent: a CSV cell left empty. */
const blank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A number from a JSON number or a CSV cell ("12,500" and "12 500" allowed). */
const numberFrom = (label: string) =>
  z.preprocess(
    (value) => {
      const v = blank(value);
      if (typeof v !== 'string') return v;
      const cleaned = v.replace(/[ ,_]/g, '');
      return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : v;
    },
    z.number({ message: `${label} must be a number` }),
  );

/** A choice among `options`, matched ignoring case. */
const choice = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z.preprocess(
    (value) => {
      const v = blank(value);
      if (typeof v !== 'string') return v;
      return options.find((o) => o.toLowerCase() === v.trim().toLowerCase()) ?? v;
    },
    z.enum(options, { message: `${label} must be one of ${options.join(', ')}` }).optional(),
  );

const optionalCell = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .optional(),
  );

const requiredCell = (label: string, max: number) => z.preprocess(blank, text(label, max));

/**
 * One car of an inventory file (CSV row or JSON object), its rules those of the listing form:
 * the same limits on make, model, year, mileage, VIN, price (US dollars, at most two decimals)
 * and description. `mileage` is converted to kilometres (`mileage_unit` km, the default, or mi).
 * `photo_urls`: 1–10 http(s) addresses, `|`-separated in CSV, an array or that string in JSON.
 */
export const inventoryRowSchema = z
  .object({
    external_id: z.preprocess(
      blank,
      text('external_id', 100).regex(/^[A-Za-z0-9._:/-]+$/, {
        message: 'external_id may contain only letters, digits and . _ : / -',
      }),
    ),
    category: requiredCell('category', 50),
    make: requiredCell('make', limits.vehicleTextMax),
    model: requiredCell('model', limits.vehicleTextMax),
    year: numberFrom('year').pipe(
      z
        .number()
        .int({ message: 'year must be a whole number' })
        .min(limits.modelYearMin, { message: `year must be ${limits.modelYearMin} or later` })
        .max(limits.modelYearMax, { message: `year must be at most ${limits.modelYearMax}` }),
    ),
    mileage: numberFrom('mileage').pipe(
      z
        .number()
        .int({ message: 'mileage must be a whole number' })
        .min(0, { message: 'mileage must be 0 or more' }),
    ),
    mileage_unit: z.preprocess(
      (value) =>
        typeof blank(value) === 'string' ? (value as string).trim().toLowerCase() : blank(value),
      z.enum(['km', 'mi'], { message: 'mileage_unit must be km or mi' }).default('km'),
    ),
    price: numberFrom('price').pipe(
      z
        .number()
        .positive({ message: 'price must be greater than 0' })
        .max(limits.priceMaxCents / 100, {
          message: `price must be at most ${limits.priceMaxCents / 100}`,
        })
        .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
          message: 'price must have at most two decimals',
        }),
    ),
    fuel: choice(fuelTypes, 'fuel'),
    transmission: choice(transmissions, 'transmission'),
    body: optionalCell('body', limits.vehicleTextMax),
    colour: optionalCell('colour', limits.vehicleTextMax),
    vin: z.preprocess(
      (value) =>
        typeof blank(value) === 'string' ? (value as string).trim().toUpperCase() : blank(value),
      z
        .string()
        .regex(vinPattern, {
          message: 'vin must be 17 characters: digits and capital letters except I, O and Q',
        })
        .optional(),
    ),
    description: requiredCell('description', limits.productDescriptionMax),
    place: requiredCell('place', limits.locationMax),
    photo_urls: z.preprocess(
      (value) => {
        const v = blank(value);
        if (typeof v !== 'string') return v;
        return v
          .split('|')
          .map((url) => url.trim())
          .filter(Boolean);
      },
      z
        .array(
          z
            .string()
            .max(limits.urlMax)
            .regex(/^https?:\/\/\S+$/i, { message: 'photo_urls must be http(s) addresses' }),
          { message: 'photo_urls is required' },
        )
        .min(1, { message: 'photo_urls is required' })
        .max(limits.productImagesMax, {
          message: `photo_urls has at most ${limits.productImagesMax} photos`,
        })
        .refine((urls) => new Set(urls).size === urls.length, {
          message: 'photo_urls must not repeat a photo',
        }),
    ),
  })
  .superRefine((row, context) => {
    const km = row.mileage_unit === 'mi' ? Math.round(row.mileage * KM_PER_MILE) : row.mileage;
    if (km > limits.mileageKmMax)
      context.addIssue({
        code: 'custom',
        path: ['mileage'],
        message: `mileage must be at most ${limits.mileageKmMax} km`,
      });
  });
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

/** One refused row of an import: the row (CSV: the line, header = 1; JSON: 1-based index). */
export const importFailureSchema = z.object({
  row: z.number().int(),
  field: z.string().describe('the column at fault; `row` when the whole row is'),
  reason: z.string(),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const importModes = ['full', 'partial'] as const;

/** An import's report (kept for every run, dry runs included). */
export const importReportSchema = z.object({
  import_id: idSchema,
  source: z.enum(['upload', 'feed']),
  mode: z.enum(importModes),
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int().describe('full mode: cars missing from the file made unavailable'),
  failed: z.array(importFailureSchema),
  created_at: z.string().describe('ISO 8601'),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The answer of an import run: its report, and which external ids fall in each group. */
export const importResultSchema = importReportSchema.extend({
  changes: z
    .object({
      created: z.array(z.string()),
      updated: z.array(z.string()),
      removed: z.array(z.string()),
    })
    .describe('the external ids created, updated and removed (or that would be, in a dry run)'),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const dealerGuarded = { ...guarded, 404: errorSchema, 413: errorSchema, 429: errorSchema } as const;

export const createImportContract = {
  method: 'POST',
  url: '/api/dealer/imports',
  summary:
    "Imports a business seller's stock from a CSV or JSON file (multipart field `file`; columns in docs/features.md, template at /api/dealer/imports/template.csv). Idempotent by `external_id`; `mode=full` makes the caller's imported cars missing from the file unavailable; `dry_run=true` saves nothing but the report. 403 for a seller who is not a business.",
  querystring: z.object({
    mode: z.enum(importModes).default('partial'),
    dry_run: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  }),
  response: { 200: importResultSchema, ...dealerGuarded },
} as const;

export const listImportsContract = {
  method: 'GET',
  url: '/api/dealer/imports',
  summary: "The caller's import reports, newest first (at most 50).",
  response: { 200: z.array(importReportSchema), ...guarded },
} as const;

export const importTemplateContract = {
  method: 'GET',
  url: '/api/dealer/imports/template.csv',
  summary: 'The inventory template: a CSV file with the header row and one example car.',
  response: { 200: z.string() },
} as const;

/** How often a feed may be imported, in hours (the dealer's choice; 1, the default, is hourly). */
export const feedIntervals = [1, 3, 6, 12, 24] as const;
export type FeedInterval = (typeof feedIntervals)[number];

export const dealerFeedSchema = z.object({
  url: z.string(),
  mode: z.enum(importModes),
  interval_hours: z
    .literal(feedIntervals)
    .describe('hours between two imports of the feed (the job runs hourly)'),
  last_run_at: z.string().nullable().describe('ISO 8601; null before the first run'),
  last_error: z
    .string()
    .nullable()
    .describe('why the last run could not fetch or read the feed; null when it could'),
  next_run_at: z.string().describe('ISO 8601: the hourly job run from which the feed is due again'),
  last_report: importReportSchema
    .nullable()
    .describe("the report of the feed's last import that read the file; null before one"),
});
export type DealerFeed = z.infer<typeof dealerFeedSchema>;

export const getFeedContract = {
  method: 'GET',
  url: '/api/dealer/feed',
  summary:
    "The caller's inventory feed with its schedule and the report of its last run; null when none is set.",
  response: { 200: dealerFeedSchema.nullable(), ...guarded },
} as const;

export const putFeedContract = {
  method: 'PUT',
  url: '/api/dealer/feed',
  summary:
    "Sets the caller's inventory feed: a CSV or JSON URL imported by the job queue every `interval_hours` hours (1, the default: hourly; the server's outbound rules apply). A new URL is imported at the next hourly run. Business sellers only.",
  body: z
    .object({
      url: z
        .string()
        .max(limits.urlMax)
        .regex(/^https?:\/\/\S+$/i, { message: 'url must be an http(s) address' }),
      mode: z.enum(importModes).default('full'),
      interval_hours: z
        .literal(feedIntervals, {
          message: `interval_hours must be one of ${feedIntervals.join(', ')}`,
        })
        .default(1),
    })
    .strict(),
  response: { 200: dealerFeedSchema, ...guarded },
} as const;

export const deleteFeedContract = {
  method: 'DELETE',
  url: '/api/dealer/feed',
  summary: "Stops the caller's scheduled feed.",
  response: { 200: z.object({ deletedCount: z.number().int() }), ...guarded },
} as const;

// ----- API keys and the inventory API -----

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  prefix: z.string().describe('the first characters of the key, to tell keys apart'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const createApiKeyContract = {
  method: 'POST',
  url: '/api/dealer/api-keys',
  summary:
    'Creates an API key for the caller (a business seller). The key is in this answer only; the server keeps its SHA-256.',
  body: z.object({ name: text('name', 60) }).strict(),
  response: {
    201: z.object({ id: idSchema, key: z.string().describe('send as X-Api-Key; shown once') }),
    ...guarded,
    409: errorSchema,
  },
} as const;

export const listApiKeysContract = {
  method: 'GET',
  url: '/api/dealer/api-keys',
  summary: "The caller's live API keys with their last use.",
  response: { 200: z.array(apiKeySchema), ...guarded },
} as const;

export const revokeApiKeyContract = {
  method: 'DELETE',
  url: '/api/dealer/api-keys/:id',
  summary: "Revokes one of the caller's API keys at once. 404 for a key that is not theirs.",
  params: z.object({ id: idSchema }),
  response: { 200: z.object({ revoked: z.literal(true) }), ...guarded, 404: errorSchema },
} as const;

const externalIdParams = z.object({
  external_id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._:/-]+$/, {
      message: 'external_id may contain only letters, digits and . _ : / -',
    }),
});

/** The result of one inventory call: what happened to the car, or why it was refused. */
export const inventoryResultSchema = z.object({
  external_id: z.string(),
  result: z.enum(['created', 'updated', 'unchanged', 'removed']),
  product_id: idSchema,
});

const apiKeyErrors = {
  400: errorSchema.describe('the row is refused: `failed` names each field'),
  401: errorSchema.describe('no X-Api-Key, or a wrong or revoked one'),
  403: errorSchema,
  404: errorSchema,
  429: errorSchema.describe('this key sent too many requests; see Retry-After'),
} as const;

export const putInventoryContract = {
  method: 'PUT',
  url: '/api/dealer/inventory/:external_id',
  summary:
    "Dealer API (header `X-Api-Key`): creates or updates one car of the key's seller, the fields of an import row (JSON; `external_id` from the path). Unchanged fields: `unchanged`. Refused rows: 400 with `failed: [{row: 1, field, reason}]`.",
  params: externalIdParams,
  body: z.record(z.string(), z.unknown()),
  response: {
    200: inventoryResultSchema,
    201: inventoryResultSchema,
    ...apiKeyErrors,
    400: errorSchema.extend({ failed: z.array(importFailureSchema).optional() }),
  },
} as const;

export const deleteInventoryContract = {
  method: 'DELETE',
  url: '/api/dealer/inventory/:external_id',
  summary:
    "Dealer API (header `X-Api-Key`): makes one of the key's seller's cars unavailable (the listing state; never deleted). 404 when the seller has no car with this external id.",
  params: externalIdParams,
  response: { 200: inventoryResultSchema, ...apiKeyErrors },
} as const;
