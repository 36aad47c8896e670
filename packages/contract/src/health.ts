import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const ReadyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending']),
  }),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
