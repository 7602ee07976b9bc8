/**
 * Notification preferences (decision 0018; contract src/contract/notifications.ts):
 * which kinds of notification e-mail a user gets. Kinds and where their switch lives:
 * - `booking`, `offer`, `viewing`, `order-update`, `message`: a row in `notification_preferences`
 *   (none = on);
 * - `price-drop`: `users.price_drop_emails` (kept where it was);
 * - `payment`: always on — a receipt is part of the payment (transactional), and a safety notice
 *   (an account or listing taken down) is not a notification one may silence; so these mails carry
 *   no unsubscribe link;
 * - saved-search alerts: per saved search (`saved_searches.alert`), set on the saved search.
 *
 * Code that queues a notification asks `wantsMail(tx, userId, kind)` first, in the transaction
 * that queues it, and skips the mail when it answers false (kind off, or the account deleted).
 * Each switchable stored kind is also an unsubscribe topic of the same name
 * (`app.unsubscribe.url(userId, 'booking')`), registered by `notificationTopicsPlugin`.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  notificationKindTexts,
  notificationKinds,
  type NotificationKind,
  type NotificationSetting,
} from '../../contract/index.js';
import { notificationPreferences, users } from '../db/schema.js';
import type { Executor } from '../jobs/queue.js';

/** The kinds whose switch is a `notification_preferences` row. */
export const storedNotificationKinds = [
  'booking',
  'offer',
  'viewing',
  'order-update',
  'message',
] as const;
export type StoredNotificationKind = (typeof storedNotificationKinds)[number];

const isStored = (kind: NotificationKind): kind is StoredNotificationKind =>
  (storedNotificationKinds as readonly string[]).includes(kind);

/** What the unsubscribe confirmation says each stored kind was. */
const topicDescriptions: Record<StoredNotificationKind, string> = {
  booking: 'e-mails about new bookings of your listings',
  offer: 'e-mails about offers',
  viewing: 'e-mails about viewings',
  'order-update': 'e-mails about declined or cancelled bookings',
  message: 'e-mails about unread messages',
};

/**
 * Whether `userId` gets mail of `kind` now. False for a deleted or unknown account.
 * Read it in the transaction that queues the mail.
 */
export async function wantsMail(
  db: Executor,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  const [row] = await db
    .select({
      priceDrop: users.priceDropEmails,
      stored: isStored(kind)
        ? sql<
            boolean | null
          >`(select ${notificationPreferences.enabled} from ${notificationPreferences}
            where ${notificationPreferences.userId} = ${users.id} and ${notificationPreferences.kind} = ${kind})`
        : sql<null>`null`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return false;
  if (kind === 'payment') return true;
  if (kind === 'price-drop') return row.priceDrop;
  return row.stored ?? true;
}

/** The caller's settings, one per kind in the contract's order. */
export async function readSettings(db: Executor, userId: string): Promise<NotificationSetting[]> {
  const [user] = await db
    .select({ priceDrop: users.priceDropEmails })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((row) => [row.kind, row.enabled]));
  return notificationKinds.map((kind) => {
    const texts = notificationKindTexts[kind];
    const enabled =
      kind === 'payment'
        ? true
        : kind === 'price-drop'
          ? (user?.priceDrop ?? true)
          : (stored.get(kind) ?? true);
    return {
      kind,
      label: texts.label,
      description: texts.description,
      enabled,
      locked: texts.locked,
    };
  });
}

/** Sets one stored kind for `userId` (insert or update). */
export async function setStoredKind(
  db: Executor,
  userId: string,
  kind: StoredNotificationKind,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { enabled, updatedAt: sql`now()` },
    });
}

/**
 * Applies `changes` for `userId` (one transaction: all or nothing).
 * @returns 'payment-locked' when a change turns `payment` off (nothing is changed then).
 */
export async function writeSettings(
  db: Executor,
  userId: string,
  changes: ReadonlyArray<{ kind: NotificationKind; enabled: boolean }>,
): Promise<'ok' | 'payment-locked'> {
  if (changes.some((change) => notificationKindTexts[change.kind].locked && !change.enabled)) {
    return 'payment-locked';
  }
  for (const { kind, enabled } of changes) {
    if (kind === 'price-drop') {
      await db.update(users).set({ priceDropEmails: enabled }).where(eq(users.id, userId));
    } else if (isStored(kind)) {
      await setStoredKind(db, userId, kind, enabled);
    }
  }
  return 'ok';
}

/** Registers an unsubscribe topic per stored kind (`booking`, `offer`, `viewing`, …). */
export const notificationTopicsPlugin = fp(
  async (app: FastifyInstance) => {
    for (const kind of storedNotificationKinds) {
      app.unsubscribe.register(kind, {
        describe: () => topicDescriptions[kind],
        apply: async (db, userId) => {
          const [user] = await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, userId), isNull(users.deletedAt)));
          if (!user) return false;
          await setStoredKind(db, userId, kind, false);
          return true;
        },
      });
    }
  },
  { name: 'notification-topics', dependencies: ['unsubscribe', 'database'] },
);
