import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../lib/mailer.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createUnsubscribeTokens } from './unsubscribe.js';
import { messageOf } from '../test-support/answers.js';

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens('a'.repeat(64));

  it('round-trip the user and topic they were signed for', () => {
    const token = tokens.sign({ userId: 'u1', topic: 'saved-search:42' });
    expect(tokens.verify(token)).toEqual({ userId: 'u1', topic: 'saved-search:42' });
  });

  it('refuse an altered payload, another secret and malformed tokens', () => {
    const token = tokens.sign({ userId: 'u1', topic: 'price-drop' });
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['u2', 'price-drop'])).toString('base64url')}.${signature}`;
    expect(tokens.verify(forged)).toBeNull();
    expect(createUnsubscribeTokens('b'.repeat(64)).verify(token)).toBeNull();
    for (const bad of ['', 'abc', 'a.b.c', `${token}x`]) expect(tokens.verify(bad)).toBeNull();
  });
});

describe('POST /api/unsubscribe', () => {
  let t: TestApp;
  const applied: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A topic kind of the test's own: a feature registers its kinds the same way.
    t.app.unsubscribe.register('test-topic', {
      describe: (argument) => `test e-mails about ${argument}`,
      apply: async (_db, userId, argument) => {
        if (argument === 'gone') return false;
        applied.push(`${userId}:${argument}`);
        return true;
      },
    });
  });
  afterAll(() => t?.close());

  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('turns the topic off for the user the link names, without signing in', async () => {
    const url = t.app.unsubscribe.url('user-1', 'test-topic:cars');
    expect(url).toMatch(/\/api\/unsubscribe\?token=/);
    const response = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true, description: 'test e-mails about cars' });
    expect(applied).toContain('user-1:cars');
  });

  it('accepts the RFC 8058 one-click POST (form-encoded List-Unsubscribe=One-Click)', async () => {
    const token = tokenOf(t.app.unsubscribe.url('user-2', 'test-topic:bikes'));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(applied).toContain('user-2:bikes');
  });

  it('answers 400 to a forged or malformed token and to an unknown topic, 404 when the thing is gone', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${Buffer.from('["x","test-topic:a"]').toString('base64url')}.AAAA`,
    });
    expect(forged.statusCode).toBe(400);
    expect(messageOf(forged)).toBe('This unsubscribe link is not valid');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe?token=<script>',
    });
    expect(malformed.statusCode).toBe(400);
    expect(messageOf(malformed)).toMatch(/token/);

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${tokenOf(t.app.unsubscribe.url('u', 'no-such-kind'))}`,
    });
    expect(unknown.statusCode).toBe(400);

    const gone = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${tokenOf(t.app.unsubscribe.url('u', 'test-topic:gone'))}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a second handler for the same kind', () => {
    expect(() =>
      t.app.unsubscribe.register('test-topic', { describe: () => '', apply: async () => true }),
    ).toThrow(/twice/);
  });
});

describe('notification mail headers', () => {
  it('carries List-Unsubscribe, one-click List-Unsubscribe-Post and the HTML part', async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'sg-outbox-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Second Gear <no-reply@second-gear.local>',
      outboxDir,
      log: { info: () => undefined },
    });
    await mailer.send({
      key: 'test:headers',
      to: 'buyer@example.com',
      subject: 'Price drop',
      text: 'It is cheaper now.',
      html: '<p>It is <strong>cheaper</strong> now.</p>',
      unsubscribeUrl: 'http://localhost:3000/api/unsubscribe?token=abc.def',
    });
    const [file] = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    const eml = readFileSync(path.join(outboxDir, file!), 'utf8');
    expect(eml).toContain(
      'List-Unsubscribe: <http://localhost:3000/api/unsubscribe?token=abc.def>',
    );
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);
    expect(eml).toMatch(/Content-Type: text\/html/);
  });
});
