/**
 * Web Push notifications (decision 0045; RFC 8030 push, RFC 8291 message encryption, RFC 8292
 * VAPID):
 * - `GET /api/push/config` — the server's VAPID public key (base64url), which the browser passes
 *   as `applicationServerKey` to `PushManager.subscribe`; public.
 * - `POST /api/push/subscriptions` — stores the browser's subscription (`PushSubscription.toJSON()`)
 *   for the caller; the same endpoint again replaces its keys and owner. 400 when the endpoint is
 *   not an `https:` URL of a public host (or an origin the operator allowed).
 * - `DELETE /api/push/subscriptions` — removes the caller's subscription with that endpoint
 *   (idempotent; someone else's endpoint is left alone and answers `removed: false`).
 * - `GET`/`PUT /api/push/settings` — the caller's push switches, one per kind; no row means on.
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';

/**
 * The kinds of push notification:
 * - `message` — a new message in one of your conversations;
 * - `offer` — an offer made on your listing, or countered, accepted, declined, withdrawn or expired;
 * - `viewing` — a viewing time proposed or confirmed, and the reminder before it;
 * - `saved-search` — a new match for a saved search with instant alerts;
 * - `price-drop` — one of your favourites got cheaper (at most once a day per listing).
 */
export const pushKinds = ['message', 'offer', 'viewing', 'saved-search', 'price-drop'] as const;
export type PushKind = (typeof pushKinds)[number];

/**
 * The labels the settings show for each push kind. A kind that also exists as a mail kind
 * (`message`, `offer`, `viewing`, `price-drop`) has the mail kind's label and covers the same
 * events: the settings show both on one row.
 */
export const pushKindTexts: Record<PushKind, { label: string; description: string }> = {
  message: { label: 'New messages', description: 'As soon as a message arrives' },
  offer: {
    label: 'Offers',
    description:
      'An offer made on your listing, or an answer to an offer: countered, accepted, declined, ' +
      'withdrawn or expired',
  },
  viewing: {
    label: 'Viewings',
    description: 'A viewing time proposed or confirmed, and a reminder two hours before',
  },
  'saved-search': {
    label: 'Saved-search matches',
    description: 'New listings for your saved searches with instant alerts',
  },
  'price-drop': {
    label: 'Price drops',
    description: 'When one of your favourites gets cheaper, at most once a day per listing',
  },
};

/** What a push message carries (the service worker shows it; a tap opens `url`). */
export const pushPayloadSchema = z.object({
  kind: z.enum(pushKinds),
  title: z.string(),
  body: z.string(),
  /** The page the notification is about: a same-site path, e.g. `/messages/…`. */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per conversation, listing…). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const base64url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`);

/** The browser's `PushSubscription.toJSON()`; unknown members (e.g. `expirationTime`) ignored. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'endpoint must be an https:// URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The P-256 public key, uncompressed (65 bytes → 87 base64url characters). */
    p256dh: base64url('keys.p256dh', 86, 90),
    /** The 16-byte authentication secret (22 base64url characters). */
    auth: base64url('keys.auth', 16, 32),
  }),
});

const guarded = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  503: errorSchema,
} as const;

export const getPushConfigContract = {
  method: 'GET',
  url: '/api/push/config',
  summary: "The server's VAPID public key (base64url) for PushManager.subscribe.",
  response: { 200: z.object({ vapid_public_key: z.string() }) },
} as const;

export const createPushSubscriptionContract = {
  method: 'POST',
  url: '/api/push/subscriptions',
  summary:
    "Stores the browser's push subscription for the caller (signed in). 400 when the endpoint " +
    'is not an https:// URL on a public host.',
  body: pushSubscriptionBody,
  response: { 201: z.object({ subscribed: z.literal(true) }), ...guarded },
} as const;

export const deletePushSubscriptionContract = {
  method: 'DELETE',
  url: '/api/push/subscriptions',
  summary:
    "Removes the caller's push subscription with this endpoint (idempotent; only the caller's own).",
  body: z.object({ endpoint: z.string().min(1, 'endpoint is required').max(2048) }),
  response: { 200: z.object({ removed: z.boolean() }), ...guarded },
} as const;

/** One push kind in the caller's settings. */
export const pushSettingSchema = z.object({
  kind: z.enum(pushKinds),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
});
export type PushSetting = z.infer<typeof pushSettingSchema>;

const pushSettingsAnswer = z.object({ settings: z.array(pushSettingSchema) });

export const getPushSettingsContract = {
  method: 'GET',
  url: '/api/push/settings',
  summary: "The caller's push notification switches, one per kind (signed-in users).",
  response: { 200: pushSettingsAnswer, ...guarded },
} as const;

export const updatePushSettingsContract = {
  method: 'PUT',
  url: '/api/push/settings',
  summary: 'Turns kinds of push notification on or off for the caller; answers the new settings.',
  body: z
    .object({
      settings: z
        .array(z.object({ kind: z.enum(pushKinds), enabled: z.boolean() }).strict())
        .min(1, 'settings must name at least one kind')
        .max(pushKinds.length, `settings may name at most ${pushKinds.length} kinds`)
        .refine(
          (items) => new Set(items.map((item) => item.kind)).size === items.length,
          'settings names a kind twice',
        ),
    })
    .strict(),
  response: { 200: pushSettingsAnswer, ...guarded },
} as const;
