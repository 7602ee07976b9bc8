/**
 * Object storage (decision 0023): with S3_* set, uploads, their variants, serving, the
 * clean-up job and the demo pictures use an S3 bucket — here a real S3-protocol server (s3rver)
 * on loopback, started by the test — and nothing is written to DATA_DIR/uploads. The disk store
 * keeps its own tests (routes/accounts/images.test.ts, image-variants.test.ts, jobs.test.ts);
 * both stores also pass the same operations test below.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '../../contract/images.js';
import { loadConfig, type S3StorageConfig } from '../config.js';
import { seedDemoData } from '../db/demo/seed.js';
import { products, users } from '../db/schema.js';
import { cleanUnreferencedUploads } from '../jobs/clean-uploads.js';
import { imageVariantNames } from './image-variants.js';
import { bearer, registerUser, type TestUser } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestDatabase } from '../test-support/database.js';
import { createCategory, createProduct } from '../test-support/factories.js';
import { startS3Server, type TestS3 } from '../test-support/s3.js';
import { createDiskImageStore, createImageStore, type ImageStore } from './image-store.js';

const HOUR = 60 * 60 * 1000;
let s3: TestS3;
let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(await s3.env('uploads-app'));
  me = await registerUser(t.app, { role: 'seller' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

let colour = 0;
/** A PNG in a colour no other test uses (so a new content hash). */
async function uniquePng(width = 1600, height = 1200): Promise<Buffer> {
  colour += 1;
  return sharp({
    create: { width, height, channels: 3, background: { r: colour * 9, g: 40, b: 200 } },
  })
    .png()
    .toBuffer();
}

async function upload(app: TestApp['app'], token: string, bytes: Buffer): Promise<string> {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

const nameOf = (url: string) => url.slice('/uploads/'.length);
/** The keys of an original and its six variants. */
const keysOf = (url: string) =>
  [nameOf(url), ...imageVariantNames(nameOf(url))].map((name) => `uploads/${name}`);

async function objectBytes(bucket: string, key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

describe('the store operations, on disk and in S3', () => {
  const stores: [string, () => Promise<{ store: ImageStore; done: () => void }>][] = [
    [
      'disk',
      async () => {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-store-'));
        return {
          store: createDiskImageStore(path.join(dir, 'uploads')),
          done: () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    ],
    [
      's3',
      async () => ({
        store: await createImageStore(loadConfig(await s3.env('operations')).imageStorage),
        done: () => {},
      }),
    ],
  ];

  it.each(stores)('%s: put, read, exists, list, remove', async (_kind, make) => {
    const { store, done } = await make();
    try {
      expect(await store.list()).toEqual([]);
      expect(await store.read('0123456789abcdef.webp')).toBeNull();
      expect(await store.exists('0123456789abcdef.webp')).toBe(false);
      const before = Date.now() - 2000; // s3rver keeps whole seconds
      await store.put('0123456789abcdef.webp', Buffer.from('first'));
      await store.put('0123456789abcdef.webp', Buffer.from('second'));
      expect((await store.read('0123456789abcdef.webp'))?.toString()).toBe('second');
      expect(await store.exists('0123456789abcdef.webp')).toBe(true);
      const listed = await store.list();
      expect(listed.map((file) => file.name)).toEqual(['0123456789abcdef.webp']);
      expect(listed[0]!.modifiedMs).toBeGreaterThan(before);
      await store.remove('0123456789abcdef.webp');
      await store.remove('0123456789abcdef.webp'); // missing: no error
      expect(await store.list()).toEqual([]);
      await expect(store.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/not an image/);
    } finally {
      await store.close();
      done();
    }
  });
});

describe('POST /api/images with S3_BUCKET', () => {
  it('stores the original and its six variants in the bucket and nothing in DATA_DIR/uploads', async () => {
    const url = await upload(t.app, me.token, await uniquePng(2000, 1500));
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{16}\.webp$/);
    const keys = await s3.keys('uploads-app');
    for (const key of keysOf(url)) expect(keys).toContain(key);
    const original = await sharp(
      await objectBytes('uploads-app', `uploads/${nameOf(url)}`),
    ).metadata();
    expect([original.format, original.width, original.height]).toEqual(['webp', 1600, 1200]);
    const variant = await sharp(
      await objectBytes('uploads-app', `uploads/${nameOf(imageVariantUrl(url, 640, 'jpeg')!)}`),
    ).metadata();
    expect([variant.format, variant.width]).toEqual(['jpeg', 640]);
    const dir = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('serves the bytes from the bucket with the immutable cache, 304 on a matching ETag, 404 when missing', async () => {
    const url = await upload(t.app, me.token, await uniquePng());
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      response.rawPayload.equals(await objectBytes('uploads-app', `uploads/${nameOf(url)}`)),
    ).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"/);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(response.headers['content-length']);

    const jpeg = await t.app.inject({ method: 'GET', url: imageVariantUrl(url, 320, 'jpeg')! });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');

    for (const missing of ['/uploads/ffffffffffffffff.webp', '/uploads/.hidden', '/uploads/']) {
      const answer = await t.app.inject({ method: 'GET', url: missing });
      expect(answer.statusCode, missing).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('makes missing variants on demand from the original in the bucket', async () => {
    const url = await upload(t.app, me.token, await uniquePng());
    for (const name of imageVariantNames(nameOf(url))) await t.app.imageStore.remove(name);
    expect(await s3.keys('uploads-app')).not.toContain(keysOf(url)[1]);
    const response = await t.app.inject({ method: 'GET', url: imageVariantUrl(url, 640, 'webp')! });
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(640);
    const keys = await s3.keys('uploads-app');
    for (const key of keysOf(url)) expect(keys).toContain(key);
  });
});

describe('the clean-up job with S3_BUCKET', () => {
  it('removes an unreferenced upload and its variants from the bucket, and keeps a used one', async () => {
    const used = await upload(t.app, me.token, await uniquePng());
    const unused = await upload(t.app, me.token, await uniquePng());
    const category = await createCategory(t.app.db);
    const [seller] = await t.app.db.select({ id: users.id }).from(users).limit(1);
    await createProduct(
      t.app.db,
      { categoryId: category.id, sellerId: seller!.id },
      { productImage: used, productImages: [used] },
    );
    // Within the grace period nothing goes.
    const young = await cleanUnreferencedUploads(t.app.db, t.app.imageStore, 24 * HOUR);
    expect(young.removed).toEqual([]);

    const result = await cleanUnreferencedUploads(
      t.app.db,
      t.app.imageStore,
      24 * HOUR,
      Date.now() + 48 * HOUR,
    );
    expect(result.removed).toEqual(expect.arrayContaining(keysOf(unused).map((k) => k.slice(8))));
    const keys = await s3.keys('uploads-app');
    for (const key of keysOf(unused)) expect(keys).not.toContain(key);
    for (const key of keysOf(used)) expect(keys).toContain(key);
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
  });
});

describe('S3_PUBLIC_URL set', () => {
  let cdn: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    cdn = await createTestApp({
      ...(await s3.env('uploads-cdn')),
      S3_PUBLIC_URL: 'https://cdn.example/photos/',
    });
    owner = await registerUser(cdn.app, { role: 'seller' });
  });
  afterAll(async () => {
    await cdn?.close();
  });

  it('redirects /uploads/<name> to the bucket URL and lets pages load pictures from it', async () => {
    const url = await upload(cdn.app, owner.token, await uniquePng());
    // The API's URLs keep their shape.
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{16}\.webp$/);
    const response = await cdn.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`https://cdn.example/photos${url}`);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    // Pages may load pictures from the bucket's origin.
    const page = await cdn.app.inject({ method: 'GET', url: '/listing/anything' });
    expect(page.headers['content-security-policy']).toMatch(
      /img-src 'self' data: blob: https:\/\/cdn\.example;/,
    );

    // A missing variant is made before the redirect, so the bucket has it.
    const variant = imageVariantNames(nameOf(url))[0]!;
    await cdn.app.imageStore.remove(variant);
    const redirected = await cdn.app.inject({ method: 'GET', url: `/uploads/${variant}` });
    expect(redirected.statusCode).toBe(302);
    expect(await s3.keys('uploads-cdn')).toContain(`uploads/${variant}`);
  });
});

describe('the demo seed with S3_BUCKET', () => {
  it('draws every demo picture and its variants into the bucket', async () => {
    const database = await createTestDatabase();
    const config = loadConfig(await s3.env('uploads-demo')).imageStorage as S3StorageConfig;
    const store = await createImageStore(config);
    try {
      const summary = await seedDemoData(database.db, { imageStore: store });
      expect(summary.images).toBeGreaterThan(0);
      const rows = await database.db.select({ url: products.productImage }).from(products);
      const keys = new Set(await s3.keys('uploads-demo'));
      for (const { url } of rows) {
        expect(url).toMatch(/^\/uploads\/demo-[0-9a-f]{16}\.webp$/);
        for (const key of keysOf(url)) expect(keys.has(key), key).toBe(true);
      }
    } finally {
      await store.close();
      await database.close();
    }
  }, 120_000);
});
