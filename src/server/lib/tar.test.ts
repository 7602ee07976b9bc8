/** The backup's tar format (tar.ts): what we write, the system's tar reads, and so do we. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, tarEnd, tarHeader, tarPadding } from './tar.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'second-gear-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const longName = `uploads/${'a'.repeat(120)}/${'b'.repeat(90)}.webp`;
const files = [
  { name: 'short.txt', data: Buffer.from('hello\n') },
  { name: 'empty', data: Buffer.alloc(0) },
  { name: longName, data: Buffer.alloc(1500, 7) },
];

/** The archive of `files`, as bytes. */
const archive = () =>
  Buffer.concat([
    ...files.flatMap(({ name, data }) => [
      tarHeader({ name, mode: 0o640, mtime: new Date(1_700_000_000_000), size: data.length }),
      data,
      tarPadding(data.length),
    ]),
    tarEnd(),
  ]);

describe('tar', () => {
  it('writes what the system tar lists and extracts, long names included', () => {
    const file = path.join(dir, 'a.tar');
    writeFileSync(file, archive());
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(files.map((f) => f.name));
    execFileSync('tar', ['-xf', file, '-C', dir]);
    expect(readFileSync(path.join(dir, longName))).toEqual(files[2]!.data);
  });

  it('reads back every file with its bytes, mode and time, from chunks of any size', async () => {
    const bytes = archive();
    const chunks = [];
    for (let i = 0; i < bytes.length; i += 333) chunks.push(bytes.subarray(i, i + 333));
    const read = [];
    for await (const entry of readTar(Readable.from(chunks))) read.push(entry);
    expect(read.map(({ name, data, mode }) => ({ name, data, mode }))).toEqual(
      files.map((f) => ({ ...f, mode: 0o640 })),
    );
    expect(read[0]!.mtime.getTime()).toBe(1_700_000_000_000);
  });

  it('refuses what is not tar, and a truncated archive', async () => {
    const drain = async (bytes: Buffer) => {
      for await (const entry of readTar(Readable.from([bytes]))) void entry;
    };
    await expect(drain(Buffer.alloc(512, 65))).rejects.toThrow(/checksum/);
    await expect(drain(archive().subarray(0, 700))).rejects.toThrow(/truncated/);
  });

  it('refuses a name that does not fit', () => {
    expect(() =>
      tarHeader({ name: 'x'.repeat(300), mode: 0o644, mtime: new Date(), size: 0 }),
    ).toThrow(/too long/);
  });
});
