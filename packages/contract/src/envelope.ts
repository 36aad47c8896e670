import { z } from 'zod';

/** Successful answers are `{ data: ... }` (the spec reads `data.avatar` from get-user-info). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
export type DataEnvelope<T> = { data: T };
