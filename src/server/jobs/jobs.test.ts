import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDeliveries, users } from '../db/schema.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { testOrigin } from '../test-support/accounts.js';
import {
  createTestApp,
  testConfig,
  type TestApp,
  startSecondInstance,
} from '../test-support/app.js';
import { createCategory, createProduct, createUser } from '../test-support/factories.js';
import { cleanUnreferencedUploads } from './clean-uploads.js';
import { deliverOnce, sendMailJob, type OutgoingMail } from './send-mail.js';
import { queryRows } from '../db/rows.js';

const sharedSecret = 'a-test-secret-shared-by-both-instances-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: sharedSecret });
});
afterAll(() => t.close());

function outboxOf(dataDir: string, ext = '.eml'): string[] {
  const dir = path.join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(ext)) : [];
}

async function jobCount(app: FastifyInstance, name: string): Promise<number> {
  const result = await queryRows<{ n: number }>(
    app.db,
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  );
  return result[0]!.n;
}

describe('the job queue', () => {
  it('keeps a job enqueued in a transaction only when the transaction commits', async () => {
    const before = await jobCount(t.app, sendMailJob);
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.mail.enqueue(
          { key: 'rolled-back', to: 'a@example.test', subject: 'x', text: 'x' },
          { tx },
        );
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await jobCount(t.app, sendMailJob)).toBe(before);

    await t.app.db.transaction(async (tx) => {
      await t.app.mail.enqueue(
        { key: 'committed', to: 'committed@example.test', subject: 'Hi', text: 'Committed.' },
        { tx },
      );
    });
    expect(await jobCount(t.app, sendMailJob)).toBe(before + 1);
    // The worker picks it up on its next poll.
    await expect
      .poll(
        async () =>
          (
            await t.app.db
              .select({ status: mailDeliveries.status })
              .from(mailDeliveries)
              .where(eq(mailDeliveries.key, 'committed'))
          )[0]?.status,
        { timeout: 15_000, interval: 200 },
      )
      .toBe('sent');
  });

  it('refuses to enqueue a job nobody defined', async () => {
    await expect(t.app.jobs.enqueue('no-such-job', {})).rejects.toThrow('no job named');
  });

  it('seals the message in the queue: no address or text in clear', async () => {
    await t.app.mail.enqueue({
      key: 'sealed-check',
      to: 'private@example.test',
      subject: 'Secret link',
      text: 'https://example.test/reset?token=very-secret',
    });
    const result = await queryRows<{ data: string }>(
      t.app.db,
      sql`select data::text as data from pgboss.job where name = ${sendMailJob}
          union all select data::text from pgboss.archive where name = ${sendMailJob}`,
    );
    const stored = result.map((row) => row.data).join('\n');
    expect(stored).toContain('sealed-check');
    expect(stored).not.toContain('very-secret');
    expect(stored).not.toContain('private@example.test');
  });
});

describe('send-mail: one mail per message however often its job runs', () => {
  const message = (key: string): OutgoingMail => ({
    key,
    to: 'buyer@example.test',
    subject: 'Your receipt',
    text: 'Thank you.',
  });

  it('sends once when the same job runs twice', async () => {
    const sentToTwice = () =>
      outboxOf(t.config.dataDir, '.txt').filter((name) =>
        readFileSync(path.join(t.config.dataDir, 'outbox', name), 'utf8').includes(
          'To: twice@example.test',
        ),
      ).length;
    const data = { key: 'twice', sealed: '' };
    await t.app.mail.enqueue({ ...message('twice'), to: 'twice@example.test' });
    const row = await queryRows<{ data: { key: string; sealed: string } }>(
      t.app.db,
      sql`select data from pgboss.job where name = ${sendMailJob} and data->>'key' = 'twice'
          union all select data from pgboss.archive where name = ${sendMailJob} and data->>'key' = 'twice'`,
    );
    // The job's own data, as pg-boss would hand it to a retry.
    data.sealed = row[0]!.data.sealed;
    await expect.poll(sentToTwice, { timeout: 15_000 }).toBe(1);
    // The file is written before the delivery is recorded as sent: until then a second run
    // rightly refuses ("being sent by another attempt") and pg-boss would retry it later.
    const status = async () =>
      (
        await t.app.db
          .select({ status: mailDeliveries.status })
          .from(mailDeliveries)
          .where(eq(mailDeliveries.key, 'twice'))
      )[0]?.status;
    await expect.poll(status, { timeout: 15_000 }).toBe('sent');
    await t.app.jobs.runNow(sendMailJob, data);
    await t.app.jobs.runNow(sendMailJob, data);
    expect(sentToTwice()).toBe(1);
  });

  it('sends once when the first attempt fails and the job is retried', async () => {
    const real = createMailer({
      smtpUrl: undefined,
      from: 'Second Gear <no-reply@second-gear.local>',
      outboxDir: path.join(t.config.dataDir, 'retry-outbox'),
      log: { info: () => undefined },
    });
    let calls = 0;
    const flaky: Mailer = {
      kind: 'outbox',
      async send(mail) {
        calls += 1;
        if (calls === 1) throw new Error('421 mail server busy');
        await real.send(mail);
      },
    };
    await expect(deliverOnce(t.app.db, flaky, message('retried'))).rejects.toThrow('busy');
    expect(await deliverOnce(t.app.db, flaky, message('retried'))).toBe('sent');
    expect(await deliverOnce(t.app.db, flaky, message('retried'))).toBe('already-sent');
    expect(
      readdirSync(path.join(t.config.dataDir, 'retry-outbox')).filter((f) => f.endsWith('.eml')),
    ).toHaveLength(1);
    const [row] = await t.app.db
      .select()
      .from(mailDeliveries)
      .where(eq(mailDeliveries.key, 'retried'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('lets a second worker wait while the first is still sending', async () => {
    await t.app.db.insert(mailDeliveries).values({ key: 'in-flight', status: 'sending' });
    await expect(deliverOnce(t.app.db, t.app.mailer, message('in-flight'))).rejects.toThrow(
      'being sent by another attempt',
    );
  });

  it('runs each job once with two instances working the same queue', async () => {
    const second = await startSecondInstance(
      t,
      testConfig({ AUTH_SECRET: sharedSecret, JOB_POLL_INTERVAL: '1' }),
    );
    try {
      const keys = Array.from({ length: 12 }, (_, i) => `two-instances-${i}`);
      for (const key of keys) {
        await t.app.mail.enqueue({ ...message(key), to: `${key}@example.test` });
      }
      const delivered = () =>
        [t.config.dataDir, second.config.dataDir]
          .flatMap((dir) => outboxOf(dir, '.txt').map((name) => path.join(dir, 'outbox', name)))
          .map((file) => readFileSync(file, 'utf8'))
          .filter((text) => text.includes('two-instances-'));
      await expect.poll(() => delivered().length, { timeout: 20_000 }).toBe(keys.length);
      const rows = await t.app.db
        .select({ attempts: mailDeliveries.attempts })
        .from(mailDeliveries)
        .where(sql`${mailDeliveries.key} like 'two-instances-%'`);
      expect(rows).toHaveLength(keys.length);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  }, 40_000);
});

describe('password reset requests are queued, not sent inline', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    // An instance that only enqueues: what the request itself does, with no worker racing it.
    quiet = await createTestApp({ JOB_WORKERS: 'false' });
  });
  afterAll(() => quiet.close());

  it('answers known and unknown addresses alike, with one queued job for the known one', async () => {
    const email = 'known@example.test';
    const signUp = await quiet.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: { email, password: 'correct horse 7', name: 'Known' },
    });
    expect(signUp.statusCode).toBe(200);
    const request = (address: string) =>
      quiet.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: testOrigin },
        payload: { email: address },
      });
    const before = await jobCount(quiet.app, sendMailJob);
    const known = await request(email);
    const unknown = await request('nobody@example.test');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // Nothing was sent while answering: the mail waits in the queue for a worker.
    expect(outboxOf(quiet.config.dataDir)).toHaveLength(0);
    expect(await jobCount(quiet.app, sendMailJob)).toBe(before + 1);
  });
});

describe('clean-uploads', () => {
  it('removes only unreferenced files older than the grace period', async () => {
    const dir = path.join(t.config.dataDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const file = (name: string, ageMs: number) => {
      writeFileSync(path.join(dir, name), 'webp');
      const when = new Date(now - ageMs);
      utimesSync(path.join(dir, name), when, when);
    };
    file('old-orphan.webp', 48 * hour);
    file('young-orphan.webp', 1 * hour);
    file('old-listing.webp', 48 * hour);
    file('old-deleted-listing.webp', 48 * hour);
    file('old-profile.webp', 48 * hour);

    const seller = await createUser(t.app.db, { photoUrl: '/uploads/old-profile.webp' });
    const category = await createCategory(t.app.db);
    await createProduct(
      t.app.db,
      { categoryId: category.id, sellerId: seller.id },
      { productImage: '/uploads/old-listing.webp' },
    );
    await createProduct(
      t.app.db,
      { categoryId: category.id, sellerId: seller.id },
      { productImage: '/uploads/old-deleted-listing.webp', deletedAt: new Date() },
    );

    const result = await cleanUnreferencedUploads(t.app.db, t.app.imageStore, 24 * hour, now);
    expect(result.removed).toEqual(['old-orphan.webp']);
    expect(readdirSync(dir).sort()).toEqual([
      'old-deleted-listing.webp',
      'old-listing.webp',
      'old-profile.webp',
      'young-orphan.webp',
    ]);

    // Once nothing references the profile picture any more, the next run removes it.
    await t.app.db.update(users).set({ photoUrl: '' }).where(eq(users.id, seller.id));
    const again = await cleanUnreferencedUploads(t.app.db, t.app.imageStore, 24 * hour, now);
    expect(again.removed).toEqual(['old-profile.webp']);
  });

  it('is scheduled as a cron job', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: 'clean-uploads', cron: t.config.uploads.cleanupCron }),
    );
  });
});
