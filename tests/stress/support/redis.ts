/**
 * Whether a Redis answers at a URL, for the tests and benchmarks that need one (two instances
 * sharing their invalidations and live messages) and skip or refuse without it.
 */
import { Redis } from 'ioredis';

/** True when the Redis at `url` answers PING within about a second; never throws. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
