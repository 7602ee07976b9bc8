/**
 * Hostile request bodies for the fourth-attack stress test (docs/reliability.md §7), built in
 * the test so nothing binary is checked in: images that would stall a decoder, and JSON nested
 * as deep as its size allows.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** CRC-32 of a PNG chunk's type and data (ISO/IEC 15948, annex D). */
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

/**
 * A PNG of a few hundred bytes whose header claims `width` × `height` 8-bit grey pixels, e.g.
 * 1 × 40,000,000 (within a 40 Mpx total, but a decoder walks 40 million rows).
 */
export function stripPng(width: number, height: number): Buffer {
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

/** The byte ranges of a JPEG's segments; a scan (SOS, 0xDA) includes its entropy-coded data. */
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
      // Up to the next marker that is neither a stuffed 0xFF00 nor a restart marker (RSTn).
      while (!(jpeg[end] === 0xff && jpeg[end + 1] !== 0 && !(jpeg[end + 1]! >> 3 === 0x1a))) {
        end += 1;
      }
    }
    segments.push({ marker, start: at, end });
    at = end;
  }
  return segments;
}

/**
 * A valid progressive JPEG whose last scan (SOS segment with its data) is repeated `copies`
 * times: a small file that a decoder works through scan by scan, refining the same picture
 * thousands of times.
 */
export async function manyScanJpeg(copies: number): Promise<Buffer> {
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

/** An ordinary small PNG (a real upload), different for each `seed`. */
export function plainPng(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: 90 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * A multipart/form-data body with one file part named `field`.
 * @returns the bytes and their content type (with the boundary)
 */
export function multipartFile(
  bytes: Buffer,
  filename: string,
  type: string,
  field = 'image',
): { bytes: Buffer; contentType: string } {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    bytes: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `{"<key>": [[[…]]]}` of exactly about `bytes` bytes: arrays nested as deep as that allows. */
export function nestedJson(key: string, bytes: number): string {
  const depth = Math.max(1, Math.floor((bytes - key.length - 5) / 2));
  return `{"${key}":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}
