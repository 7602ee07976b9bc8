/**
 * Unsubscribing from notification e-mail: every notification mail carries a
 * signed link, in its text and in its `List-Unsubscribe` header (RFC 2369), that turns off that
 * one kind of mail without signing in. `POST /api/unsubscribe?token=…` is also the RFC 8058
 * one-click target: mail clients POST `List-Unsubscribe=One-Click` to it, which is accepted and
 * ignored (the token says everything).
 */
import { z } from 'zod';
import { errorSchema } from './errors.js';

/** A signed unsubscribe token (base64url payload `.` base64url HMAC-SHA-256), at most 512 characters. */
export const unsubscribeTokenSchema = z
  .string()
  .min(1, 'token is required')
  .max(512, 'token is too long')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'token is malformed');

export const unsubscribeContract = {
  method: 'POST',
  url: '/api/unsubscribe',
  querystring: z.object({ token: unsubscribeTokenSchema }),
  response: {
    200: z.object({
      unsubscribed: z.literal(true),
      /** What the reader will no longer receive, e.g. "price-drop e-mails for your favourites". */
      description: z.string(),
    }),
    400: errorSchema,
    404: errorSchema,
  },
} as const;

/**
 * The kinds of notification e-mail a user can see in their settings (decision 0018; offers and
 * viewings have kinds of their own, decision 0049). Each label says exactly what its switch
 * covers, and the same kinds name the push switches (decision 0045), so a row of the settings
 * table means the same thing in both columns.
 * - `booking` — a new booking of one of your listings (to the seller);
 * - `offer` — an offer made on your listing; an offer countered, accepted, declined, withdrawn
 *   or expired;
 * - `viewing` — a viewing time proposed or confirmed, and its reminder two hours before;
 * - `order-update` — a booking declined (to the buyer) or cancelled (to the seller);
 * - `payment` — receipts, sale notices, held payments and deposits, and safety notices about
 *   your account or listings; **always on** (transactional);
 * - `message` — a new message still unread after a few minutes;
 * - `price-drop` — a favourite's price dropped (at most once a day per listing).
 * Saved-search alerts are set per saved search (`alert`: instant, daily or off).
 */
export const notificationKinds = [
  'booking',
  'offer',
  'viewing',
  'order-update',
  'payment',
  'message',
  'price-drop',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The labels the settings show, and whether the user may turn the kind off. */
export const notificationKindTexts: Record<
  NotificationKind,
  { label: string; description: string; locked: boolean }
> = {
  booking: {
    label: 'New bookings',
    description: 'When a buyer books one of your listings',
    locked: false,
  },
  offer: {
    label: 'Offers',
    description:
      'An offer made on your listing, or an answer to an offer: countered, accepted, declined, ' +
      'withdrawn or expired',
    locked: false,
  },
  viewing: {
    label: 'Viewings',
    description: 'A viewing time proposed or confirmed, and a reminder two hours before',
    locked: false,
  },
  'order-update': {
    label: 'Declined or cancelled bookings',
    description:
      'When a seller declines your booking, or a buyer cancels a booking of your listing',
    locked: false,
  },
  payment: {
    label: 'Receipts, payments and safety',
    description:
      'Receipts, sale notices, held payments, deposits and notices about the safety of your ' +
      'account or listings; they are always sent',
    locked: true,
  },
  message: {
    label: 'New messages',
    description: 'When a message is still unread a few minutes after it arrived',
    locked: false,
  },
  'price-drop': {
    label: 'Price drops',
    description: 'When one of your favourites gets cheaper, at most once a day per listing',
    locked: false,
  },
};

/** One kind in the caller's settings. */
export const notificationSettingSchema = z.object({
  kind: z.enum(notificationKinds),
  label: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** True when the kind cannot be turned off (`payment`: receipts, payments, safety). */
  locked: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

const settingsAnswer = z.object({ settings: z.array(notificationSettingSchema) });

const guarded = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  503: errorSchema,
} as const;

export const getNotificationSettingsContract = {
  method: 'GET',
  url: '/api/notification-settings',
  summary: "The caller's notification e-mail settings, one entry per kind (signed-in users).",
  response: { 200: settingsAnswer, ...guarded },
} as const;

/**
 * Changes some kinds (the others keep their setting). Turning `payment` off is refused (400);
 * turning it on is accepted and changes nothing.
 */
export const updateNotificationSettingsBody = z
  .object({
    settings: z
      .array(z.object({ kind: z.enum(notificationKinds), enabled: z.boolean() }).strict())
      .min(1, 'settings must name at least one kind')
      .max(notificationKinds.length, `settings may name at most ${notificationKinds.length} kinds`)
      .refine(
        (items) => new Set(items.map((item) => item.kind)).size === items.length,
        'settings names a kind twice',
      ),
  })
  .strict();

export const updateNotificationSettingsContract = {
  method: 'PUT',
  url: '/api/notification-settings',
  summary:
    'Turns kinds of notification e-mail on or off for the caller; answers the new settings. ' +
    'Receipts, payment and safety mails (`payment`) cannot be turned off (400).',
  body: updateNotificationSettingsBody,
  response: { 200: settingsAnswer, ...guarded },
} as const;
