/**
 * Just enough of the POSIX tar format (ustar, POSIX.1-1988 as refined by POSIX.1-2001 `pax`'s
 * base format) to write and read the backup archive (db/backup.ts): regular files only, names
 * up to 255 bytes (split into `prefix` and `name`), sizes below 8 GiB. The output is what
 * `tar -xzf` reads, so an operator can open a backup with the system's tools.
 *
 * Written here rather than taken from a package: the few dozen lines below are the whole need,
 * and no tar package is among the server's dependencies.
 */

/** A tar block (bytes). */
const BLOCK = 512;
/** The largest size the 11 octal digits of a header hold (bytes). */
const MAX_SIZE = 8 ** 11 - 1;

/** One archived file. */
export interface TarEntry {
  /** Path inside the archive, `/`-separated, relative. */
  name: string;
  /** Permission bits, e.g. 0o644. */
  mode: number;
  /** Modification time. */
  mtime: Date;
  data: Buffer;
}

/** Writes `text` into `header` at `offset`, at most `length` bytes (NUL-padded). */
function put(header: Buffer, offset: number, length: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${text}" is longer than ${length} bytes`);
  bytes.copy(header, offset);
}

/** `value` as `length - 1` octal digits and a NUL. */
const octal = (value: number, length: number) =>
  value
    .toString(8)
    .padStart(length - 1, '0')
    .slice(-(length - 1)) + '\0';

/**
 * `name` as ustar's `prefix` (≤ 155 bytes) and `name` (≤ 100 bytes), split at a `/`.
 * @throws Error for a name that does not fit.
 */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) {
      return { prefix, name: rest };
    }
  }
  throw new Error(`tar: the name ${name} is too long for the ustar format`);
}

/**
 * The 512-byte ustar header of a regular file.
 * @throws Error for a name that does not fit or a size of 8 GiB or more.
 */
export function tarHeader(entry: Omit<TarEntry, 'data'> & { size: number }): Buffer {
  if (entry.size > MAX_SIZE) throw new Error(`tar: ${entry.name} is too large`);
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(entry.name);
  put(header, 0, 100, name);
  put(header, 100, 8, octal(entry.mode & 0o7777, 8));
  put(header, 108, 8, octal(0, 8)); // uid
  put(header, 116, 8, octal(0, 8)); // gid
  put(header, 124, 12, octal(entry.size, 12));
  put(header, 136, 12, octal(Math.floor(entry.mtime.getTime() / 1000), 12));
  put(header, 148, 8, ' '.repeat(8)); // checksum, counted as spaces
  put(header, 156, 1, '0'); // regular file
  put(header, 257, 6, 'ustar\0');
  put(header, 263, 2, '00');
  put(header, 345, 155, prefix);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(header, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ');
  return header;
}

/** Zero bytes that pad `size` bytes of data to a whole block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The two zero blocks that end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

/** Reads exactly `n` bytes at a time from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** The next `n` bytes, or null at the end of the stream. @throws Error on a truncated stream. */
  async read(n: number): Promise<Buffer | null> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
    if (this.length === 0 && this.done) return null;
    if (this.length < n) throw new Error('tar: the archive is truncated');
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return Buffer.from(taken);
  }
}

/** A NUL-terminated text field of a header. */
const field = (header: Buffer, offset: number, length: number) =>
  header
    .subarray(offset, offset + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/**
 * The regular files of a tar stream (ustar; directories and other kinds are skipped), each
 * read whole into memory.
 * @throws Error for a header whose checksum is wrong or a truncated archive.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header || header.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(field(header, 148, 8).trim(), 8) !== sum) {
      throw new Error('tar: a header checksum is wrong (not a tar archive, or damaged)');
    }
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const data = size > 0 ? await reader.read(size) : Buffer.alloc(0);
    if (!data) throw new Error('tar: the archive is truncated');
    await reader.read(tarPadding(size).length);
    const type = field(header, 156, 1);
    if (type !== '0' && type !== '') continue;
    const prefix = field(header, 345, 155);
    const name = field(header, 0, 100);
    yield {
      name: prefix ? `${prefix}/${name}` : name,
      mode: parseInt(field(header, 100, 8).trim() || '644', 8),
      mtime: new Date(parseInt(field(header, 136, 12).trim() || '0', 8) * 1000),
      data,
    };
  }
}
