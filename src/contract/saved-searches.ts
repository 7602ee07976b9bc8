/**
 * Saved searches with alerts (decision 0014): a signed-in user (any role) stores a
 * search of `/search` under a name, sees how many matching listings went live since they last
 * opened it, and gets e-mail alerts per saved search — `instant` (within a minute of a matching
 * listing going live), `daily` (one digest) or `off`. Someone else's saved search answers 404.
 */
import { z } from 'zod';
import { idSchema } from './entities.js';
import { errorSchema } from './errors.js';
import { defaultSearchSort, searchQuerySchema } from './search.js';

/** How many saved searches one user may keep (the spec leaves it open; decision 0014). */
export const savedSearchMax = 50;
/** The longest name of a saved search (characters, after trimming). */
export const savedSearchNameMax = 80;

/** Alert frequencies of a saved search; `instant` is the default. */
export const savedSearchAlerts = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlert = (typeof savedSearchAlerts)[number];
export const savedSearchAlertSchema = z.enum(savedSearchAlerts, {
  message: `must be one of ${savedSearchAlerts.join(', ')}`,
});

/** Texts the SPA shows. */
export const savedSearchTexts = {
  save: 'Save this search',
  title: 'Saved searches',
  empty: 'No saved searches yet. Search for a car and press “Save this search”.',
  cap: `You can keep at most ${savedSearchMax} saved searches. Delete one to save another.`,
  alertLabels: { instant: 'Instantly', daily: 'Daily digest', off: 'No e-mails' },
} as const satisfies Record<string, unknown>;

const nameSchema = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(savedSearchNameMax, { message: `must be at most ${savedSearchNameMax} characters` });

/** One query value as stored and given back (the query string of `/search` rebuilt from it). */
const queryValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/**
 * The saved query: the parameters of `GET /api/search`, validated by the same schema
 * (`searchQuerySchema`); `limit` and `cursor` are page state and are dropped, and `sort` is kept
 * unless it is the default (nearest first with a centre, else newest). Booleans (`verified: true`) are accepted as well as their text form.
 */
export const savedSearchQuerySchema = z
  .preprocess(
    (value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value).map(([key, item]) => [
              key,
              typeof item === 'boolean' ? String(item) : item,
            ]),
          )
        : value,
    searchQuerySchema,
  )
  .transform(({ limit: _limit, cursor: _cursor, sort, ...filters }) => {
    const kept: Record<string, string | number | boolean> = Object.fromEntries(
      Object.entries(filters).filter(([, item]) => item !== undefined && item !== ''),
    );
    // The default order follows the centre (decision 0047): nearest first with one.
    const centred = filters.near !== undefined || filters.lat !== undefined;
    if (sort !== undefined && sort !== defaultSearchSort(centred)) kept.sort = sort;
    return kept;
  });

export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  query: z.record(z.string(), queryValueSchema).describe('the parameters of GET /api/search'),
  alert: savedSearchAlertSchema,
  new_matches: z
    .number()
    .int()
    .describe('live listings that matched since the owner last opened it (POST …/visit)'),
  visited_at: z.string().describe('ISO 8601'),
  created_at: z.string().describe('ISO 8601'),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

const ownerErrors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

export const createSavedSearchContract = {
  method: 'POST',
  url: '/api/saved-searches',
  summary:
    'Saves a search under a name for the caller (signed-in users of any role). `query` ' +
    'takes the parameters of GET /api/search, validated the same way; `alert` is instant ' +
    `(default), daily or off. 409 when the caller already keeps ${savedSearchMax}.`,
  body: z.object({
    name: nameSchema,
    query: savedSearchQuerySchema,
    alert: savedSearchAlertSchema.default('instant'),
  }),
  response: { 201: savedSearchSchema, 409: errorSchema, ...ownerErrors },
} as const;

export const listSavedSearchesContract = {
  method: 'GET',
  url: '/api/saved-searches',
  summary:
    "The caller's saved searches, newest first, each with its count of new matches. " +
    `At most ${savedSearchMax}, so one page.`,
  response: { 200: z.array(savedSearchSchema), ...ownerErrors },
} as const;

export const updateSavedSearchContract = {
  method: 'PATCH',
  url: '/api/saved-searches/:id',
  summary: "Renames a saved search or changes its alert. 404 unless it is the caller's.",
  params: z.object({ id: idSchema }),
  body: z
    .object({ name: nameSchema.optional(), alert: savedSearchAlertSchema.optional() })
    .refine((body) => body.name !== undefined || body.alert !== undefined, {
      message: 'must contain name or alert',
    }),
  response: { 200: savedSearchSchema, ...ownerErrors },
} as const;

export const deleteSavedSearchContract = {
  method: 'DELETE',
  url: '/api/saved-searches/:id',
  summary: "Deletes a saved search. 404 unless it is the caller's.",
  params: z.object({ id: idSchema }),
  response: { 200: z.object({ deletedCount: z.literal(1) }), ...ownerErrors },
} as const;

export const visitSavedSearchContract = {
  method: 'POST',
  url: '/api/saved-searches/:id/visit',
  summary:
    'Marks a saved search opened now, resetting its new-match count. 404 unless it ' +
    "is the caller's.",
  params: z.object({ id: idSchema }),
  response: { 200: savedSearchSchema, ...ownerErrors },
} as const;
