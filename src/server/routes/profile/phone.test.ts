/**
 * Phone verification (decision 0044): E.164 normalisation of national and international forms
 * (national read in the home place's country), the code's life (expiry, 5 wrong tries, a new
 * code ends the old), the sending limits per number, account and client, the sandbox SMS file,
 * and Twilio's Messages API against a local stand-in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '#contract/index.js';
import { phoneCodes, users } from '../../db/schema.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
const BERLIN = 2950159;

beforeAll(async () => {
  t = await createTestApp({
    JOB_WORKERS: 'false',
    SMS_CODES_PER_NUMBER_DAILY: '3',
    SMS_CODES_PER_ACCOUNT_DAILY: '4',
    SMS_CODES_PER_CLIENT_HOURLY: '5',
  });
});
afterAll(() => t.close());

const outbox = () => path.join(t.config.dataDir, 'sms-outbox');

/** One text message the SMS sandbox wrote to its outbox. */
interface SmsMessage {
  to: string;
  body: string;
  sent_at: string;
}

/** The sandbox's messages to `to`, oldest first. */
function messagesTo(to: string): SmsMessage[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox()).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox(), name), 'utf8')) as SmsMessage)
    .filter((message) => message.to === to);
}

/** The code in the last text message to `to`. */
function lastCode(to: string): string {
  const all = messagesTo(to);
  const match = /\b(\d{6})\b/.exec(all.at(-1)?.body ?? '');
  if (!match) throw new Error(`no code sent to ${to}`);
  return match[1]!;
}

/** Each test user calls from an address of its own, unless a test says otherwise. */
const addresses = new Map<string, string>();
const addressOf = (user: TestUser) => {
  if (!addresses.has(user.uid)) addresses.set(user.uid, `10.0.${addresses.size + 1}.1`);
  return addresses.get(user.uid)!;
};

const send = (user: TestUser, phone: string, ip = addressOf(user)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/phone',
    headers: bearer(user.token),
    payload: { phone },
    remoteAddress: ip,
  });
const verify = (user: TestUser, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/phone/verify',
    headers: bearer(user.token),
    payload: { code },
  });

let counter = 100;
/** A fresh valid US number (fictional 555-01xx range varies the area code). */
const usNumber = () => `(415) 555-0${counter++}`;
const usE164 = (national: string) => `+1${national.replace(/\D/g, '')}`;

describe('sending a code', () => {
  it('normalises a national number in the home place’s country and an international one to E.164', async () => {
    const user = await registerUser(t.app, { role: 'seller' });
    const us = await send(user, '(415) 555-0100');
    expect(us.statusCode, us.body).toBe(200);
    expect(us.json()).toMatchObject({ phone: '+14155550100', verified: false });
    const international = await send(user, '+49 30 1234 5678');
    expect(international.json()).toMatchObject({ phone: '+493012345678' });

    const berliner = await registerUser(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(berliner.token),
      payload: { home_place_id: BERLIN },
    });
    const national = await send(berliner, '030 98765432');
    expect(national.statusCode, national.body).toBe(200);
    expect(national.json()).toMatchObject({ phone: '+493098765432' });
  });

  it('refuses what is not a phone number, naming body.phone', async () => {
    const user = await registerUser(t.app);
    for (const phone of ['12', '+1 999', 'call me maybe']) {
      const response = await send(user, phone);
      expect(response.statusCode, phone).toBe(400);
      expect(messageOf(response)).toContain('body.phone');
    }
  });

  it('writes one JSON file with to, body and sent_at to the sandbox outbox, and stores only a hash', async () => {
    const user = await registerUser(t.app);
    const national = usNumber();
    const response = await send(user, national);
    expect(response.statusCode).toBe(200);
    const [message] = messagesTo(usE164(national));
    expect(message).toBeDefined();
    expect(Object.keys(message!).sort()).toEqual(['body', 'sent_at', 'to']);
    expect(Number.isNaN(Date.parse(message!.sent_at))).toBe(false);
    const code = lastCode(usE164(national));
    const [row] = await t.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneE164, usE164(national)));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });
});

describe('verifying', () => {
  it('verifies with the right code: the profile shows the number as verified', async () => {
    const user = await registerUser(t.app, { role: 'seller' });
    const national = usNumber();
    await send(user, national);
    const response = await verify(user, lastCode(usE164(national)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ phone: usE164(national), verified: true, expires_at: null });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(user.token),
    });
    expect(profile.json<Profile>().phone).toEqual({ number: usE164(national), verified: true });
    // The code is used up.
    expect((await verify(user, lastCode(usE164(national)))).statusCode).toBe(400);
  });

  it('counts wrong tries and ends the code at the fifth', async () => {
    const user = await registerUser(t.app);
    const national = usNumber();
    await send(user, national);
    const code = lastCode(usE164(national));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const response = await verify(user, wrong);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const last = await verify(user, wrong);
    expect(messageOf(last)).toContain('last try');
    // Even the right code no longer works.
    const late = await verify(user, code);
    expect(late.statusCode).toBe(400);
    expect(messageOf(late)).toContain('ask for a new code');
  });

  it('refuses an expired code, and a code replaced by a newer one', async () => {
    const user = await registerUser(t.app);
    const national = usNumber();
    await send(user, national);
    const first = lastCode(usE164(national));
    await t.database.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.phoneE164, usE164(national)));
    const expired = await verify(user, first);
    expect(expired.statusCode).toBe(400);
    expect(messageOf(expired)).toContain('expired');

    await send(user, national);
    const second = lastCode(usE164(national));
    await send(user, national);
    const third = lastCode(usE164(national));
    if (second !== third) expect((await verify(user, second)).statusCode).toBe(400);
    expect((await verify(user, third)).statusCode).toBe(200);
  });

  it('keeps a number verified on one live account only', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const national = usNumber();
    await send(first, national);
    await send(second, national);
    // The second account's code arrived last; the first's is the one before.
    const codes = messagesTo(usE164(national)).map((m) => /\d{6}/.exec(m.body)![0]);
    expect((await verify(second, codes[1]!)).statusCode).toBe(200);
    const taken = await verify(first, codes[0]!);
    expect(taken.statusCode).toBe(409);
    expect((await send(first, national)).statusCode).toBe(409);
  });
});

describe('sending limits', () => {
  it('limits codes per number, per account and per client address', async () => {
    const national = usNumber();
    // Per number (3 a day here), whichever account asks.
    for (let i = 0; i < 3; i++) {
      expect((await send(await registerUser(t.app), national)).statusCode).toBe(200);
    }
    const perNumber = await send(await registerUser(t.app), national);
    expect(perNumber.statusCode).toBe(429);
    expect(messageOf(perNumber)).toContain('one number');

    // Per account (4 a day here), whatever the number.
    const user = await registerUser(t.app);
    for (let i = 0; i < 4; i++) expect((await send(user, usNumber())).statusCode).toBe(200);
    const perAccount = await send(user, usNumber());
    expect(perAccount.statusCode).toBe(429);
    expect(messageOf(perAccount)).toContain('one account');
  });

  it('limits codes per client address per hour', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      expect((await send(await registerUser(t.app), usNumber(), ip)).statusCode).toBe(200);
    }
    const over = await send(await registerUser(t.app), usNumber(), ip);
    expect(over.statusCode).toBe(429);
    expect(messageOf(over)).toContain('one network');
  });
});

describe('Twilio', () => {
  let server: Server;
  let origin: string;
  let twilio: TestApp;
  const received: { url: string; auth: string; form: URLSearchParams }[] = [];
  let failNext = false;
  const sid = `AC${'a1'.repeat(16)}`;

  const body = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    server = createServer((request, response) => {
      void answer(request, response);
    });
    const answer = async (request: IncomingMessage, response: ServerResponse) => {
      const form = new URLSearchParams(await body(request));
      received.push({ url: request.url ?? '', auth: request.headers.authorization ?? '', form });
      response.setHeader('content-type', 'application/json');
      if (failNext) {
        failNext = false;
        response.statusCode = 400;
        response.end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }));
        return;
      }
      response.statusCode = 201;
      response.end(JSON.stringify({ sid: 'SM123', status: 'queued', to: form.get('To') }));
    };
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    twilio = await createTestApp({
      JOB_WORKERS: 'false',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 'test-auth-token-0123456789',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: origin,
      OUTBOUND_ALLOWED_ORIGINS: origin,
    });
  });
  afterAll(async () => {
    await twilio.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts the code to Twilio's Messages API with Basic auth, and verifies with it", async () => {
    const user = await registerUser(twilio.app, { role: 'seller' });
    const response = await twilio.app.inject({
      method: 'POST',
      url: '/api/profile/phone',
      headers: bearer(user.token),
      payload: { phone: '+1 415 555 0199' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const call = received.at(-1)!;
    expect(call.url).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(call.auth).toBe(
      `Basic ${Buffer.from(`${sid}:test-auth-token-0123456789`).toString('base64')}`,
    );
    expect(call.form.get('To')).toBe('+14155550199');
    expect(call.form.get('From')).toBe('+15005550006');
    const code = /\d{6}/.exec(call.form.get('Body') ?? '')![0];
    const verified = await twilio.app.inject({
      method: 'POST',
      url: '/api/profile/phone/verify',
      headers: bearer(user.token),
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('answers 502 when Twilio refuses, and withdraws the code', async () => {
    const user = await registerUser(twilio.app);
    failNext = true;
    const response = await twilio.app.inject({
      method: 'POST',
      url: '/api/profile/phone',
      headers: bearer(user.token),
      payload: { phone: '+1 415 555 0198' },
    });
    expect(response.statusCode).toBe(502);
    const [row] = await twilio.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneE164, '+14155550198'));
    expect(row!.endedAt).not.toBeNull();
    const [record] = await twilio.database.db.select().from(users).where(eq(users.uid, user.uid));
    expect(record!.phoneE164).toBeNull();
  });
});
