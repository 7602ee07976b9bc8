/**
 * A local stand-in of a browser's push service (RFC 8030) for tests and the bench: an HTTP
 * server on 127.0.0.1:0 that records every push request and answers 201, or the status set for
 * an endpoint path. `subscription()` makes a subscription as a browser would (a P-256 key pair
 * and a 16-byte auth secret), and `open()` checks a received push the way a push service and a
 * browser do: the VAPID JWT's ES256 signature against the server's public key (RFC 8292, with
 * `jose`), then the aes128gcm payload decrypted with the subscription's keys (RFC 8291, with
 * `http_ece`).
 */
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/** One push request as the stand-in received it. */
export interface ReceivedPush {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** `performance.now()` when the request's body had arrived (ms). */
  at: number;
}

/** A browser's subscription: what it sends to the server, and its private half. */
export interface TestSubscription {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: string;
}

export interface PushServiceStandIn {
  origin: string;
  received: ReceivedPush[];
  /** Answer `status` to pushes on `path` (e.g. 410 for an expired subscription). */
  answer(path: string, status: number): void;
  subscription(): TestSubscription;
  /** The pushes received for `subscription`. */
  receivedFor(subscription: TestSubscription): ReceivedPush[];
  /**
   * Verifies `push`'s VAPID header against `vapidPublicKey` (base64url) and decrypts its body.
   * @throws when the JWT's signature, audience or expiry is wrong, or the payload does not decrypt.
   */
  open(
    push: ReceivedPush,
    subscription: TestSubscription,
    vapidPublicKey: string,
  ): Promise<{ payload: unknown; jwt: JWTPayload }>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    answer: (path, status) => statuses.set(path, status),
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        json: {
          endpoint: `${origin}/push/${randomUUID()}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        ecdh,
        auth,
      };
    },
    receivedFor: (subscription) =>
      received.filter((push) => subscription.json.endpoint === `${origin}${push.path}`),
    async open(push, subscription, vapidPublicKey) {
      const authorization = String(push.headers.authorization ?? '');
      const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
      if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
      if (match[2] !== vapidPublicKey) throw new Error('the header names another public key');
      const point = Buffer.from(vapidPublicKey, 'base64url');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33, 65).toString('base64url'),
        },
        'ES256',
      );
      const { payload: jwt } = await jwtVerify(match[1]!, key, { audience: origin });
      const plain = ece.decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: subscription.ecdh,
        authSecret: subscription.auth,
      });
      return { payload: JSON.parse(plain.toString('utf8')) as unknown, jwt };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
