/**
 * A real S3-protocol server on loopback for the object-storage tests ("Tested against
 * an S3-protocol server on loopback"): s3rver, storing its objects in a temporary folder. Its
 * credentials are s3rver's fixed `S3RVER`/`S3RVER`; requests are signed and checked as by S3.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** A started server, a client for it, and the S3_* environment that points the app at it. */
export interface TestS3 {
  endpoint: string;
  client: S3Client;
  /** S3_BUCKET and the rest for `bucket` (created if missing). */
  env(bucket: string): Promise<Record<string, string>>;
  /** Every key of `bucket`, sorted. */
  keys(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port). */
export async function startS3Server(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'second-gear-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  const created = new Set<string>();
  return {
    endpoint,
    client,
    async env(bucket) {
      if (!created.has(bucket)) {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        created.add(bucket);
      }
      return {
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      };
    },
    async keys(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
