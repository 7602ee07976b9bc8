/**
 * The service's own calls: `GET /api/health` answers 200 while the database answers and 503 when
 * it does not (`unavailable`) or while the instance drains before a shutdown (`draining`), so a
 * load balancer or an orchestrator can tell.
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
