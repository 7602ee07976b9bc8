/** The error body of every non-2xx answer (docs/architecture.md, Fastify's shape). */
import { z } from 'zod';

export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof errorSchema>;
