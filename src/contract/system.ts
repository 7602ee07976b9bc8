/**
 * The service's own calls: `GET /api/health` answers 200 while the database answers and 503 when
 * it does not (`unavailable`) or while the instance drains before a shutdown (`draining`), so a
 * load balancer or an orchestrator can tell. `GET /api/ready` is the readiness check: 200 when
 * every service this instance needs answers (the database, and Redis when configured), 503
 * naming the one that does not.
 */
import { z } from 'zod';

export const healthContract = {
  method: 'GET',
  url: '/api/health',
  response: {
    200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
    503: z.union([
      z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
      z.object({ status: z.literal('draining'), database: z.literal('up') }),
    ]),
  },
} as const;

/** Whether a service the instance depends on answered a ping: `up`, `down`. */
const serviceStateSchema = z.enum(['up', 'down']);

/**
 * A read replica at its last check (decision 0050): `up` gets public reads, `lagging` is more than
 * REPLICA_MAX_LAG_SECONDS behind, `down` failed its check; `lag_seconds` null while unknown.
 */
export const replicaReadinessSchema = z.object({
  replica: z.string(),
  state: z.enum(['up', 'lagging', 'down']),
  lag_seconds: z.number().nullable(),
});

/**
 * The readiness check's answer: each checked service's state; `redis` only when configured,
 * `replicas` only with read replicas (a replica that is not `up` leaves the instance ready: the
 * primary serves its reads).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  database: serviceStateSchema,
  redis: serviceStateSchema.optional(),
  replicas: z.array(replicaReadinessSchema).optional(),
});

export const readyContract = {
  method: 'GET',
  url: '/api/ready',
  summary:
    'Readiness: 200 `ready` when the database (and Redis, when configured) answers; 503 ' +
    '`unavailable` naming the service that does not, or `draining` before a shutdown. With ' +
    'read replicas, `replicas` gives the state and lag of each (they never make it unready). ' +
    '`GET /api/health` stays the liveness check.',
  response: {
    200: readinessSchema.extend({ status: z.literal('ready') }),
    503: readinessSchema.extend({ status: z.enum(['unavailable', 'draining']) }),
  },
} as const;
