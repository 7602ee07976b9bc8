/**
 * The S3 image store (decision 0023): upload `<name>` is the object `uploads/<name>` of
 * S3_BUCKET, written and read with `@aws-sdk/client-s3`, so any S3-compatible server works
 * (S3_ENDPOINT, S3_FORCE_PATH_STYLE for servers without virtual-hosted buckets). Credentials are
 * S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY, or else the SDK's default chain (AWS_* variables,
 * shared config files, an instance or container role).
 *
 * Objects are written with their content type and the same year-long `immutable` Cache-Control
 * the app sends for them, so a bucket or CDN serving them directly (S3_PUBLIC_URL) caches them
 * as the app would.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.js';
import {
  assertImageName,
  imageContentType,
  uploadCacheControl,
  type ImageStoreOperations,
  type StoredImageInfo,
} from './image-store.js';

/** Key prefix of every upload in the bucket. */
export const s3UploadsPrefix = 'uploads/';

/** An object opened for streaming to a client. */
export interface OpenedImage {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** The S3 store; `open` streams an object, `publicUrl` is S3_PUBLIC_URL (no trailing slash). */
export interface S3ImageStore extends ImageStoreOperations {
  kind: 's3';
  bucket: string;
  publicUrl: string | undefined;
  /**
   * Opens `name` for streaming.
   * @param ifNoneMatch the client's `If-None-Match`, passed on to the bucket
   * @returns the object, `'not-modified'` when `ifNoneMatch` matches, or null when missing.
   */
  open(name: string, ifNoneMatch?: string): Promise<OpenedImage | 'not-modified' | null>;
  /** The SDK client (tests and operators' scripts). */
  client: S3Client;
}

/** True for the SDK's "no such object" answers (404 from GET, HEAD or a missing bucket key). */
function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name;
  return status === 404 || name === 'NoSuchKey' || name === 'NotFound';
}

/** Creates the store; no request is sent until the first operation. */
export function createS3ImageStore(config: S3StorageConfig): S3ImageStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them (the SDK's behaviour before 3.729): several
    // S3-compatible servers refuse or mis-store the newer default's chunked CRC uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = config;
  const keyOf = (name: string) => {
    assertImageName(name);
    return `${s3UploadsPrefix}${name}`;
  };

  return {
    kind: 's3',
    bucket,
    publicUrl: config.publicUrl,
    client,
    async put(name, bytes) {
      // A PUT is atomic and sets LastModified to now, which the clean-up reads.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: imageContentType(name),
          CacheControl: uploadCacheControl,
        }),
      );
    },
    async read(name) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }),
        );
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async remove(name) {
      // S3 answers 204 for a missing key too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
    },
    async list() {
      const files: StoredImageInfo[] = [];
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: s3UploadsPrefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(s3UploadsPrefix.length) ?? '';
          if (name === '' || name.includes('/')) continue;
          files.push({ name, modifiedMs: object.LastModified?.getTime() ?? 0 });
        }
      }
      return files;
    },
    async open(name, ifNoneMatch) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(name),
            ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
          }),
        );
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: imageContentType(name),
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 304) return 'not-modified';
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
