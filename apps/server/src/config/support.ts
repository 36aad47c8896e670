import { z } from 'zod';
import type { EnvOf } from './shared';

/** Support tickets (docs/support.md): the promised response time and the complaint's ADR text. */
export type SupportConfig = { responseHours: number; adrText: string | undefined };

export const SUPPORT_ENV = {
  // The response time support promises (the SLA of an open ticket, shown to the player).
  SUPPORT_RESPONSE_HOURS: z.coerce.number().int().min(1).max(240).default(24),
  // The alternative dispute resolution body a complaint's final response names (licensed
  // operators must name theirs); absent, a generic sentence asks the operator to configure it.
  SUPPORT_ADR_TEXT: z.string().trim().min(10, 'must be at least 10 characters').max(1000).optional(),
};

export function supportConfigOf(e: EnvOf<typeof SUPPORT_ENV>): SupportConfig {
  return { responseHours: e.SUPPORT_RESPONSE_HOURS, adrText: e.SUPPORT_ADR_TEXT };
}
