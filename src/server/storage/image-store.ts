/**
 * Where uploaded pictures live ("object storage"; decision 0023): every read and write
 * of an upload — `POST /api/images`, its responsive variants, serving `/uploads/<name>`, the
 * clean-up job, the demo pictures — goes through one {@link ImageStore}.
 *
 * - **Disk** (the default, S3_BUCKET unset): the files `DATA_DIR/uploads/<name>`, exactly as
 *   before this module existed.
 * - **S3** (S3_BUCKET set): the objects `uploads/<name>` of an S3-compatible bucket, through
 *   `@aws-sdk/client-s3` (`s3-image-store.ts`).
 *
 * Names are flat file names (`0123456789abcdef.webp`, `…-640w.jpg`): the public URL of `<name>`
 * is `/uploads/<name>` in both, so stored URLs never change with the store.
 */
import {
  access,
  mkdir,
  readFile,
  readdir,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorageConfig } from '../config.js';
// Types only: the AWS SDK (~0.6 s and ~25 MB to load) is imported when S3 is configured.
import type { S3ImageStore } from './s3-image-store.js';

/** One stored file: its name and when it was last written (ms since the epoch). */
export interface StoredImageInfo {
  name: string;
  modifiedMs: number;
}

/** What every store does; names are checked with {@link assertImageName}. */
export interface ImageStoreOperations {
  /**
   * Stores `bytes` under `name`, replacing what was there; its modification time becomes now
   * (the clean-up's grace period starts again). A reader never sees half a file.
   */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  remove(name: string): Promise<void>;
  /** Every stored file (for the clean-up job); empty when nothing was ever stored. */
  list(): Promise<StoredImageInfo[]>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

/** The local-disk store: files in `dir`. */
export interface DiskImageStore extends ImageStoreOperations {
  kind: 'disk';
  /** Absolute path of the folder served at `/uploads/`. */
  dir: string;
}

export type ImageStore = DiskImageStore | S3ImageStore;

/** Cache-Control of uploads, from disk or the bucket (content-addressed: a name's bytes never change). */
export const uploadCacheControl = 'public, max-age=31536000, immutable';

/** A name a store accepts: one path segment of letters, digits, `.`, `_` and `-`. */
const imageNamePattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True when `name` may be stored or served (no path separators, no leading dot). */
export function isImageName(name: string): boolean {
  return imageNamePattern.test(name) && name.length <= 200;
}

/** @throws Error when `name` is not a plain file name (a programming error, never user input). */
export function assertImageName(name: string): void {
  if (!isImageName(name)) throw new Error(`not an image file name: ${JSON.stringify(name)}`);
}

/** Content type of a stored picture by its extension (`.webp`, `.jpg`/`.jpeg`, `.png`). */
export function imageContentType(name: string): string {
  const extension = path.extname(name).toLowerCase();
  if (extension === '.webp') return 'image/webp';
  if (extension === '.jpg' || extension === '.jpeg') return 'image/jpeg';
  if (extension === '.png') return 'image/png';
  return 'application/octet-stream';
}

/** The files of `dir` (created on the first write). */
export function createDiskImageStore(dir: string): DiskImageStore {
  const fileOf = (name: string) => {
    assertImageName(name);
    return path.join(dir, name);
  };
  return {
    kind: 'disk',
    dir,
    async put(name, bytes) {
      const target = fileOf(name);
      await mkdir(dir, { recursive: true });
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async read(name) {
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async exists(name) {
      try {
        await access(fileOf(name));
        return true;
      } catch {
        return false;
      }
    },
    async remove(name) {
      await unlink(fileOf(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const files: StoredImageInfo[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile()) files.push({ name, modifiedMs: info.mtimeMs });
      }
      return files;
    },
    async close() {},
  };
}

/**
 * The store the configuration asks for: S3 when S3_BUCKET is set (the SDK is loaded then, and
 * only then), else `DATA_DIR/uploads`.
 */
export async function createImageStore(config: ImageStorageConfig): Promise<ImageStore> {
  if (config.kind === 'disk') return createDiskImageStore(config.dir);
  const { createS3ImageStore } = await import('./s3-image-store.js');
  return createS3ImageStore(config);
}
