/**
 * Tables of the built-in identity provider (Better Auth, docs/decisions/0002-identity-better-auth.md).
 * They carry an `auth_` prefix so they never clash with the product's own `users` table; Better
 * Auth reaches them through `modelName` mapping (src/server/auth/better-auth.ts). The JS property
 * names are Better Auth's field names (its drizzle adapter looks columns up by them); the SQL
 * column names are snake_case like the rest of the schema.
 *
 * The product record `users.uid` equals `auth_user.id`. There is no foreign key between them:
 * product rows are soft-deleted and outlive identities, and demo data is loaded before identities.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** An identity: one person who can sign in (by password, Google, or both). */
export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored lower-case by Better Auth; unique. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

/** A signed-in browser: the httpOnly cookie carries `token`. Sign-out deletes the row. */
export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('auth_session_user_id_idx').on(t.userId)],
);

/**
 * A way to sign in for an identity: `providerId` 'credential' holds the argon2id password hash
 * (PHC string) in `password`; 'google' holds the OpenID Connect subject in `accountId`.
 */
export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [
    index('auth_account_user_id_idx').on(t.userId),
    uniqueIndex('auth_account_provider_account_key').on(t.providerId, t.accountId),
  ],
);

/** Short-lived secrets: password-reset tokens and OAuth state. */
export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

/**
 * Rate-limit counters of the identity endpoints, one row per client IP and path. Kept in the
 * database so that several instances share them (docs/architecture.md).
 */
export const authRateLimit = pgTable('auth_rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
