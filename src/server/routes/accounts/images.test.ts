import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '#contract/limits.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  bearer,
  registerUser,
  signUp,
  testOrigin,
  type TestUser,
} from '../../test-support/accounts.js';
import { messageOf } from '../../test-support/answers.js';

let t: TestApp;
let me: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { role: 'seller' });
});
afterAll(async () => {
  await t.close();
});

/** A multipart/form-data body with one file part. */
function multipart(bytes: Buffer, filename: string, type: string, field = 'image') {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(bytes: Buffer, filename: string, type: string, headers: Record<string, string>) {
  const body = multipart(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** CRC-32 of a PNG chunk (type + data). */
function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims `width`×`height` pixels: a decompression bomb. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/images', () => {
  it('stores a PNG as a metadata-free WebP of at most 1600×1600 and answers its url', async () => {
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: '#c0392b' },
    })
      .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'GPS 48.85,2.35' } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const response = await upload(png, 'car.png', 'image/png', bearer(me.token));
    expect(response.statusCode).toBe(201);
    const url = response.json<{ data: { url: string } }>().data.url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{16}\.webp$/);
    const file = path.join(t.config.dataDir, url);
    expect(existsSync(file)).toBe(true);
    const stored = await sharp(readFileSync(file)).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('turns a JPEG upright from its EXIF orientation and drops the EXIF', async () => {
    const jpeg = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#2980b9' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(jpeg, 'phone.jpg', 'image/jpeg', bearer(me.token));
    expect(response.statusCode).toBe(201);
    const stored = await sharp(
      readFileSync(
        path.join(t.config.dataDir, response.json<{ data: { url: string } }>().data.url),
      ),
    ).metadata();
    expect(stored).toMatchObject({ width: 100, height: 300 });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
  });

  it('accepts the session cookie (registration uploads before it has a token)', async () => {
    const fresh = await signUp(t.app);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await upload(gif, 'a.gif', 'image/gif', {
      cookie: fresh.cookie,
      origin: testOrigin,
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a text file named .jpg with 400', async () => {
    const response = await upload(
      Buffer.from('this is not a picture\n'.repeat(20)),
      'holiday.jpg',
      'image/jpeg',
      bearer(me.token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('refuses an image format outside the list (SVG, TIFF) with 400', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect((await upload(tiff, 'scan.tiff', 'image/tiff', bearer(me.token))).statusCode).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    expect((await upload(svg, 'logo.svg', 'image/svg+xml', bearer(me.token))).statusCode).toBe(400);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.alloc(limits.imageMaxBytes + 1, 0xff);
    const response = await upload(big, 'big.jpg', 'image/jpeg', bearer(me.token));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413 });
  });

  it('refuses a decompression bomb (huge dimensions in a tiny file) with 400', async () => {
    const bomb = bombPng(9_000, 9_000);
    expect(bomb.length).toBeLessThan(2000);
    const response = await upload(bomb, 'bomb.png', 'image/png', bearer(me.token));
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toMatch(/megapixels/);
  });

  it('refuses a request without the image field or not multipart with 400', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const wrongField = multipart(png, 'a.png', 'image/png', 'photo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...bearer(me.token) },
    });
    expect(response.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: { image: 'x' },
      headers: bearer(me.token),
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses an anonymous upload with 401', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload(png, 'a.png', 'image/png', {});
    expect(response.statusCode).toBe(401);
  });
});

describe('upload quota and own pictures only', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ UPLOAD_DAILY_MAX_COUNT: '2', UPLOAD_DAILY_MAX_BYTES: '1000000' });
  });
  afterAll(() => q.close());

  /** A distinct small PNG each call (a different colour), so every upload stores a new file. */
  let colour = 0;
  async function uniquePng(): Promise<Buffer> {
    colour += 1;
    return sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: colour, g: 7, b: 9 } },
    })
      .png()
      .toBuffer();
  }
  async function uploadTo(app: TestApp, headers: Record<string, string>) {
    const body = multipart(await uniquePng(), 'a.png', 'image/png');
    return app.app.inject({
      method: 'POST',
      url: '/api/images',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }

  it('refuses the upload past UPLOAD_DAILY_MAX_COUNT images a day with 429', async () => {
    const seller = await registerUser(q.app, { role: 'seller' });
    expect((await uploadTo(q, bearer(seller.token))).statusCode).toBe(201);
    expect((await uploadTo(q, bearer(seller.token))).statusCode).toBe(201);
    const third = await uploadTo(q, bearer(seller.token));
    expect(third.statusCode).toBe(429);
    expect(messageOf(third)).toBe('You can upload at most 2 images a day. Please try again later.');
    // Another account has its own quota.
    const other = await registerUser(q.app, { role: 'seller' });
    expect((await uploadTo(q, bearer(other.token))).statusCode).toBe(201);
  });

  it('refuses the upload past UPLOAD_DAILY_MAX_BYTES a day', async () => {
    const tight = await createTestApp({ UPLOAD_DAILY_MAX_BYTES: '2048' });
    try {
      const seller = await registerUser(tight.app, { role: 'seller' });
      // Random noise compresses badly: its WebP is well over 2 KB.
      const noise = await sharp(
        Buffer.from(Array.from({ length: 64 * 64 * 3 }, () => Math.floor(Math.random() * 256))),
        {
          raw: { width: 64, height: 64, channels: 3 },
        },
      )
        .png()
        .toBuffer();
      const body = multipart(noise, 'noise.png', 'image/png');
      const response = await tight.app.inject({
        method: 'POST',
        url: '/api/images',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(seller.token) },
      });
      expect(response.statusCode).toBe(429);
      expect(messageOf(response)).toBe(
        'You can upload at most 2 KB of images a day. Please try again later.',
      );
    } finally {
      await tight.close();
    }
  });

  it('gives an account without a user record its photo and no more', async () => {
    const fresh = await signUp(q.app);
    const session = { cookie: fresh.cookie, origin: testOrigin };
    expect((await uploadTo(q, session)).statusCode).toBe(201);
    const second = await uploadTo(q, session);
    expect(second.statusCode).toBe(429);
    expect(messageOf(second)).toMatch(/may upload only its photo/);
  });

  it("refuses another site's picture for a listing, a user record and a profile", async () => {
    const seller = await registerUser(q.app, { role: 'seller' });
    const category = await q.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: bearer(seller.token),
      payload: { category_name: 'Pictures' },
    });
    const listing = await q.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        product_name: 'Tracked car',
        product_description: 'x',
        product_image: 'https://tracker.example/car.jpg',
        category_id: category.json<{ insertedId: string }>().insertedId,
        condition: 'Good',
        resell_price: 100,
        original_price: 200,
        year_of_used: 2,
        seller_location: 'Austin',
        seller_phone: '01700000000',
      },
    });
    expect(listing.statusCode).toBe(400);
    expect(messageOf(listing)).toContain('body.product_image');
    const record = await q.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(seller.token),
      payload: {
        displayName: 'Seller',
        email: seller.email,
        photoURL: 'https://tracker.example/me.jpg',
        role: 'seller',
      },
    });
    expect(record.statusCode).toBe(400);
    expect(messageOf(record)).toContain('body.photoURL');
    const profile = await q.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: seller.cookie, origin: testOrigin },
      payload: { image: 'https://tracker.example/me.jpg' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ code: 'INVALID_IMAGE' });
    const own = await q.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: seller.cookie, origin: testOrigin },
      payload: { image: '/uploads/0123456789abcdef.webp' },
    });
    expect(own.statusCode).toBe(200);
  });
});

/** The byte ranges of a JPEG's segments (marker, start, end), entropy-coded data with its scan. */
function jpegSegments(jpeg: Buffer): { marker: number; start: number; end: number }[] {
  const segments: { marker: number; start: number; end: number }[] = [];
  let at = 2;
  while (at < jpeg.length) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xd9) {
      segments.push({ marker, start: at, end: at + 2 });
      break;
    }
    let end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (marker === 0xda) {
      while (!(jpeg[end] === 0xff && jpeg[end + 1] !== 0 && !(jpeg[end + 1]! >> 3 === 0x1a))) {
        end += 1;
      }
    }
    segments.push({ marker, start: at, end });
    at = end;
  }
  return segments;
}

/** A progressive JPEG with its last scan repeated `copies` times: a small file, many scans. */
async function manyScanJpeg(copies: number): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#7f8c8d' },
  })
    .jpeg({ progressive: true })
    .toBuffer();
  const segments = jpegSegments(jpeg);
  const scans = segments.filter((segment) => segment.marker === 0xda);
  const last = scans[scans.length - 1]!;
  const eoi = segments[segments.length - 1]!;
  return Buffer.concat([
    jpeg.subarray(0, eoi.start),
    ...Array.from({ length: copies }, () => jpeg.subarray(last.start, last.end)),
    jpeg.subarray(eoi.start),
  ]);
}

describe('POST /api/images refuses images that would stall decoding', () => {
  it('refuses a progressive JPEG with thousands of scans, before decoding, naming the scans', async () => {
    const crafted = await manyScanJpeg(3000);
    expect(crafted.length).toBeLessThan(limits.imageMaxBytes);
    const response = await upload(crafted, 'scans.jpg', 'image/jpeg', bearer(me.token));
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/scans/);
  });

  it('accepts an ordinary progressive JPEG', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123' } })
      .jpeg({ progressive: true })
      .toBuffer();
    const response = await upload(jpeg, 'ok.jpg', 'image/jpeg', bearer(me.token));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a 1 × 40,000,000 px PNG (within the total) for its width', async () => {
    const strip = bombPng(40_000_000, 1);
    const response = await upload(strip, 'strip.png', 'image/png', bearer(me.token));
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(new RegExp(`at most ${limits.imageMaxSide}`));
  });
});
