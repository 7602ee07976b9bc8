/**
 * Several photos per listing: every upload is served in 320/640/1280 px, WebP and JPEG, next to
 * its original (contract/images.ts; decision 0017); missing variants are made on demand; the
 * clean-up job removes variants with their original.
 */
import { existsSync, readdirSync, unlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageSrcSet,
  imageVariantFormats,
  imageVariantUrl,
  imageVariantWidths,
  parseImageVariantName,
} from '#contract/images.js';
import { cleanUnreferencedUploads } from '../../jobs/clean-uploads.js';
import { bearer, registerUser, type TestUser } from '../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCategory, createProduct, createUser } from '../../test-support/factories.js';
import { imageVariantNames, writeImageVariants } from '../../storage/image-variants.js';

let t: TestApp;
let me: TestUser;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { role: 'seller' });
  uploadsDir = path.join(t.config.dataDir, 'uploads');
});
afterAll(async () => {
  await t.close();
});

let colour = 0;
/** A PNG of `width`×`height` pixels in a colour no other test uses (so a new content hash). */
async function uniquePng(width: number, height: number, alpha = false): Promise<Buffer> {
  colour += 1;
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: { r: colour % 256, g: (colour * 7) % 256, b: 90, alpha: alpha ? 0.5 : 1 },
    },
  })
    .png()
    .toBuffer();
}

async function upload(bytes: Buffer): Promise<string> {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...bearer(me.token),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

const fileOf = (url: string) => path.join(uploadsDir, url.slice('/uploads/'.length));

describe('the variant naming scheme (contract/images.ts)', () => {
  it('derives variant URLs and srcsets from an upload, and nothing from other pictures', () => {
    const url = '/uploads/0123456789abcdef.webp';
    expect(imageVariantUrl(url, 640, 'webp')).toBe('/uploads/0123456789abcdef-640w.webp');
    expect(imageVariantUrl(url, 320, 'jpeg')).toBe('/uploads/0123456789abcdef-320w.jpg');
    expect(imageVariantUrl('/uploads/demo-0123456789abcdef.webp', 1280, 'jpeg')).toBe(
      '/uploads/demo-0123456789abcdef-1280w.jpg',
    );
    expect(imageSrcSet(url, 'jpeg')).toBe(
      '/uploads/0123456789abcdef-320w.jpg 320w, /uploads/0123456789abcdef-640w.jpg 640w, ' +
        '/uploads/0123456789abcdef-1280w.jpg 1280w',
    );
    for (const other of [
      '/carousel/car-1.webp',
      'https://example.com/a.webp',
      '/uploads/0123456789abcdef-640w.webp',
      '/uploads/../secret.webp',
      '',
    ]) {
      expect(imageVariantUrl(other, 640, 'webp')).toBeNull();
      expect(imageSrcSet(other, 'webp')).toBeNull();
    }
    expect(parseImageVariantName('0123456789abcdef-640w.jpg')).toEqual({
      original: '0123456789abcdef.webp',
      width: 640,
      format: 'jpeg',
    });
    expect(parseImageVariantName('0123456789abcdef-500w.jpg')).toBeNull();
    expect(parseImageVariantName('0123456789abcdef.webp')).toBeNull();
  });
});

describe('POST /api/images variants', () => {
  it('stores 320/640/1280 px WebP and JPEG variants of a large upload', async () => {
    const url = await upload(await uniquePng(2400, 1800));
    for (const width of imageVariantWidths) {
      for (const format of imageVariantFormats) {
        const variant = imageVariantUrl(url, width, format)!;
        const metadata = await sharp(fileOf(variant)).metadata();
        expect(metadata).toMatchObject({ format, width, height: (width * 3) / 4 });
        expect(metadata.exif).toBeUndefined();
      }
    }
  });

  it('never upscales: a variant is at most as wide as the original', async () => {
    const url = await upload(await uniquePng(500, 250, true));
    const sizes = await Promise.all(
      imageVariantWidths.map(async (width) => {
        const metadata = await sharp(fileOf(imageVariantUrl(url, width, 'webp')!)).metadata();
        return [metadata.width, metadata.height];
      }),
    );
    expect(sizes).toEqual([
      [320, 160],
      [500, 250],
      [500, 250],
    ]);
    // JPEG has no transparency: the half-transparent colour is put on white.
    const jpeg = await sharp(fileOf(imageVariantUrl(url, 640, 'jpeg')!)).metadata();
    expect(jpeg).toMatchObject({ format: 'jpeg', width: 500, channels: 3 });
  });

  it('serves variants with a year-long immutable cache and their own content type', async () => {
    const url = await upload(await uniquePng(900, 600));
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: imageVariantUrl(url, 640, format)!,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(response.headers['cache-control']).toMatch(/immutable/);
    }
  });
});

describe('back-fill of uploads without variants (on demand)', () => {
  it('makes the variants of an existing original when one is first asked for', async () => {
    const url = await upload(await uniquePng(1000, 500));
    const names = imageVariantNames(path.basename(url));
    // As stored before variants existed.
    for (const name of names) unlinkSync(path.join(uploadsDir, name));

    const [webp, jpeg] = await Promise.all([
      t.app.inject({ method: 'GET', url: imageVariantUrl(url, 320, 'webp')! }),
      t.app.inject({ method: 'GET', url: imageVariantUrl(url, 320, 'jpeg')! }),
    ]);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect(jpeg.statusCode).toBe(200);
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
    // Every width and format is there now.
    for (const name of names) expect(existsSync(path.join(uploadsDir, name))).toBe(true);
    const large = await sharp(fileOf(imageVariantUrl(url, 1280, 'webp')!)).metadata();
    expect(large.width).toBe(1000);
  });

  it('answers 404 for a variant of an unknown original, a bad width, and writes nothing', async () => {
    const before = readdirSync(uploadsDir).length;
    for (const url of [
      '/uploads/ffffffffffffffff-640w.webp',
      '/uploads/ffffffffffffffff-641w.webp',
      '/uploads/ffffffffffffffff-640w.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    expect(readdirSync(uploadsDir).length).toBe(before);
  });

  it('writes nothing again when every variant exists', async () => {
    const url = await upload(await uniquePng(700, 700));
    expect(await writeImageVariants(t.app.imageStore, path.basename(url))).toEqual([]);
  });
});

describe('clean-up of variants (jobs/clean-uploads.ts)', () => {
  it('removes the variants of a removed upload and keeps those of a used one', async () => {
    const hour = 60 * 60 * 1000;
    const unused = await upload(await uniquePng(800, 600));
    const cover = await upload(await uniquePng(800, 600));
    const secondPhoto = await upload(await uniquePng(800, 600));
    const seller = await createUser(t.app.db);
    const category = await createCategory(t.app.db);
    await createProduct(
      t.app.db,
      { categoryId: category.id, sellerId: seller.id },
      { productImage: cover, productImages: [cover, secondPhoto] },
    );
    // An orphaned variant whose original is long gone.
    const orphan = '0000000000000000-640w.webp';
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .webp()
      .toFile(path.join(uploadsDir, orphan));
    // Everything is two days old.
    const old = new Date(Date.now() - 48 * hour);
    for (const name of readdirSync(uploadsDir)) utimesSync(path.join(uploadsDir, name), old, old);

    const result = await cleanUnreferencedUploads(t.app.db, t.app.imageStore, 24 * hour);
    const unusedNames = [path.basename(unused), ...imageVariantNames(path.basename(unused))];
    expect(result.removed).toEqual(expect.arrayContaining([...unusedNames, orphan]));
    const left = new Set(readdirSync(uploadsDir));
    for (const name of [...unusedNames, orphan]) expect(left.has(name)).toBe(false);
    for (const url of [cover, secondPhoto]) {
      for (const name of [path.basename(url), ...imageVariantNames(path.basename(url))]) {
        expect(left.has(name)).toBe(true);
      }
    }
  });
});
