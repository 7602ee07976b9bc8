/**
 * Phone verification (decision 0044; contract src/contract/verification.ts): a 6-digit code is
 * sent by SMS (src/server/sms/sms.ts) and entered back. Numbers are parsed and stored in E.164
 * (ITU-T E.164) with libphonenumber-js; a national form is read in the country of the caller's
 * home place (`places.country_code`), else the United States.
 *
 * Only a hash of a code is stored (SHA-256 of the row id and the code); it lives
 * `phoneCodeRules.lifetimeMs`, and `phoneCodeRules.maxTries` wrong tries end it. Codes sent are
 * limited per number and per account per rolling 24 hours and per client address per hour
 * (SMS_CODES_* in docs/configuration.md), counted from `phone_codes` with the caller's user row
 * locked, so parallel requests cannot overshoot.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js';
import { phoneCodeRules, verificationTexts, type PhoneState } from '#contract/index.js';
import type { UserRecord } from '../auth/records.js';
import type { Database } from '../db/client.js';
import { phoneCodes, places, users } from '../db/schema.js';
import { httpError } from '../lib/http-error.js';
import type { SmsSender } from '../sms/sms.js';

/** The country a national number is read in when the caller has no home place. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** SHA-256 (hex) of a code row's id and the code: what is stored instead of the code. */
function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/** The country (ISO 3166-1 alpha-2) of the record's home place, else DEFAULT_PHONE_COUNTRY. */
async function homeCountry(db: Database, record: UserRecord): Promise<CountryCode> {
  if (record.homePlaceId === null) return DEFAULT_PHONE_COUNTRY;
  const [place] = await db
    .select({ countryCode: places.countryCode })
    .from(places)
    .where(eq(places.id, record.homePlaceId));
  return (place?.countryCode.toUpperCase() as CountryCode | undefined) ?? DEFAULT_PHONE_COUNTRY;
}

/**
 * `input` in E.164, a national form read in `country`.
 * @throws HttpError 400 naming `body.phone` when it is not a valid number.
 */
export function toE164(input: string, country: CountryCode): string {
  try {
    const parsed = parsePhoneNumberWithError(input, country);
    if (parsed.isValid()) return parsed.number;
  } catch {
    // not a number: the 400 below
  }
  throw httpError(
    400,
    `${verificationTexts.badPhone} (write it with its country code, e.g. +1 415 555 0123, or as dialled in ${country})`,
  );
}

/** The caller's number state as the phone routes answer it. */
export function phoneState(record: UserRecord): PhoneState | null {
  if (!record.phoneE164) return null;
  return { phone: record.phoneE164, verified: record.phoneVerifiedAt !== null, expires_at: null };
}

/**
 * Sends a new code to `input` for `record` (see the module comment).
 * @throws HttpError 400 (not a number), 409 (verified by another account, or already the
 *   caller's), 429 (a limit); ProviderError 502 from the sender (the code is withdrawn).
 */
export async function sendPhoneCode(
  app: FastifyInstance & { sms: SmsSender },
  record: UserRecord,
  input: string,
  clientIp: string,
): Promise<PhoneState> {
  const db = app.db;
  const phone = toE164(input, await homeCountry(db, record));
  if (record.phoneE164 === phone && record.phoneVerifiedAt !== null) {
    throw httpError(409, verificationTexts.alreadyVerified);
  }
  const limits = app.config.sms.limits;
  const code = String(randomInt(0, 10 ** phoneCodeRules.digits)).padStart(
    phoneCodeRules.digits,
    '0',
  );
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, record.id)).for('update');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.phoneE164, phone),
          isNotNull(users.phoneVerifiedAt),
          isNull(users.deletedAt),
          ne(users.id, record.id),
        ),
      )
      .limit(1);
    if (taken) throw httpError(409, verificationTexts.numberTaken);
    const day = new Date(Date.now() - 24 * 3600_000);
    const hour = new Date(Date.now() - 3600_000);
    const sent = async (where: ReturnType<typeof and>) =>
      (await tx.select({ n: count() }).from(phoneCodes).where(where))[0]?.n ?? 0;
    if (
      (await sent(and(eq(phoneCodes.phoneE164, phone), gt(phoneCodes.createdAt, day)))) >=
      limits.perNumberDaily
    ) {
      throw httpError(
        429,
        `At most ${limits.perNumberDaily} codes a day can be sent to one number: try again tomorrow`,
      );
    }
    if (
      (await sent(and(eq(phoneCodes.userId, record.id), gt(phoneCodes.createdAt, day)))) >=
      limits.perAccountDaily
    ) {
      throw httpError(
        429,
        `At most ${limits.perAccountDaily} codes a day can be sent for one account: try again tomorrow`,
      );
    }
    if (
      (await sent(and(eq(phoneCodes.clientIp, clientIp), gt(phoneCodes.createdAt, hour)))) >=
      limits.perClientHourly
    ) {
      throw httpError(
        429,
        `At most ${limits.perClientHourly} codes an hour can be sent from one network: try again later`,
      );
    }
    // A new code ends the ones before it.
    await tx
      .update(phoneCodes)
      .set({ endedAt: sql`now()` })
      .where(and(eq(phoneCodes.userId, record.id), isNull(phoneCodes.endedAt)));
    const [created] = await tx
      .insert(phoneCodes)
      .values({
        userId: record.id,
        phoneE164: phone,
        codeHash: 'pending',
        clientIp,
        expiresAt: sql`now() + ${phoneCodeRules.lifetimeMs} * interval '1 millisecond'`,
      })
      .returning();
    await tx
      .update(phoneCodes)
      .set({ codeHash: hashCode(created!.id, code) })
      .where(eq(phoneCodes.id, created!.id));
    return created!;
  });
  try {
    await app.sms.send({
      to: phone,
      body: `${code} is your Second Gear code. It expires in ${phoneCodeRules.lifetimeMs / 60_000} minutes. Never share it: we will never ask you for it.`,
    });
  } catch (error) {
    // Not sent: the code is withdrawn (it still counts against the limits).
    await db
      .update(phoneCodes)
      .set({ endedAt: sql`now()` })
      .where(eq(phoneCodes.id, row.id));
    throw error;
  }
  return { phone, verified: false, expires_at: row.expiresAt.toISOString() };
}

/**
 * Checks `code` against the caller's last code (see the module comment).
 * @returns the verified number.
 * @throws HttpError 400 (none waiting, expired, wrong: with the tries left), 409 (another
 *   account verified the number meanwhile).
 */
export async function verifyPhoneCode(
  db: Database,
  record: UserRecord,
  code: string,
): Promise<PhoneState> {
  const outcome = await checkCode(db, record, code).catch((error: unknown) => {
    // Another account verified the same number in a parallel transaction: the unique index
    // users_verified_phone_key decided.
    if (isUniqueViolation(error)) return { kind: 'taken' as const };
    throw error;
  });
  switch (outcome.kind) {
    case 'none':
      throw httpError(400, verificationTexts.noCode);
    case 'expired':
      throw httpError(400, verificationTexts.codeExpired);
    case 'wrong':
      throw httpError(
        400,
        outcome.left > 0
          ? `body.code is wrong: ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left`
          : verificationTexts.wrongCodeEnded,
      );
    case 'taken':
      throw httpError(409, verificationTexts.numberTaken);
    case 'verified':
      return { phone: outcome.phone, verified: true, expires_at: null };
  }
}

/** True for PostgreSQL's unique_violation (23505), also when wrapped by Drizzle (`cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The code check of verifyPhoneCode, in one transaction; a wrong try is kept. */
function checkCode(db: Database, record: UserRecord, code: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.userId, record.id), isNull(phoneCodes.endedAt)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return { kind: 'none' as const };
    if (row.expiresAt.getTime() <= Date.now()) {
      await tx
        .update(phoneCodes)
        .set({ endedAt: sql`now()` })
        .where(eq(phoneCodes.id, row.id));
      return { kind: 'expired' as const };
    }
    const given = Buffer.from(hashCode(row.id, code), 'hex');
    const stored = Buffer.from(row.codeHash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      const attempts = row.attempts + 1;
      await tx
        .update(phoneCodes)
        .set({
          attempts,
          ...(attempts >= phoneCodeRules.maxTries && { endedAt: sql`now()` }),
        })
        .where(eq(phoneCodes.id, row.id));
      return { kind: 'wrong' as const, left: phoneCodeRules.maxTries - attempts };
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.phoneE164, row.phoneE164),
          isNotNull(users.phoneVerifiedAt),
          isNull(users.deletedAt),
          ne(users.id, record.id),
        ),
      )
      .limit(1);
    if (taken) return { kind: 'taken' as const };
    await tx
      .update(phoneCodes)
      .set({ endedAt: sql`now()` })
      .where(eq(phoneCodes.id, row.id));
    await tx
      .update(users)
      .set({ phoneE164: row.phoneE164, phoneVerifiedAt: sql`now()` })
      .where(eq(users.id, record.id));
    return { kind: 'verified' as const, phone: row.phoneE164 };
  });
}
