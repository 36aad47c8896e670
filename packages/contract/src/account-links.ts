import { z } from 'zod';
import { LINK_DECISIONS, LINK_REASONS } from './admin-constants';
import { pgText } from './text';

export { LINK_DECISIONS, LINK_REASONS, LINK_REGISTRATION_WINDOW_HOURS } from './admin-constants';
export const LinkReasonSchema = z.enum(LINK_REASONS);
export type LinkReason = z.infer<typeof LinkReasonSchema>;

export const LinkDecisionKindSchema = z.enum(LINK_DECISIONS);

export const LinkDecisionSchema = z
  .object({ decision: LinkDecisionKindSchema, note: z.string(), operatorId: z.number().int(), at: z.iso.datetime() })
  .meta({ id: 'LinkDecision' });
export type LinkDecision = z.infer<typeof LinkDecisionSchema>;

export const AccountLinkSchema = z
  .object({
    playerId: z.number().int(),
    uid: z.number().int(),
    nickname: z.string(),
    /** Each shared fact, with when it became shared (the later of the two accounts' facts). */
    reasons: z.array(z.object({ reason: LinkReasonSchema, detail: z.string().nullable(), since: z.iso.datetime() })),
    /** The operator's decision in force on this link; null: nobody has decided yet. */
    decision: LinkDecisionSchema.nullable(),
  })
  .meta({ id: 'AccountLink' });
export type AccountLink = z.infer<typeof AccountLinkSchema>;

export const AccountLinksSchema = z.object({ items: z.array(AccountLinkSchema) }).meta({ id: 'AccountLinks' });
export type AccountLinks = z.infer<typeof AccountLinksSchema>;

export const AdminLinkDecisionParamsSchema = z.strictObject({
  playerId: z.coerce.number().int().min(1).max(2_147_483_647),
  otherPlayerId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const AdminLinkDecisionInputSchema = z.strictObject({
  decision: LinkDecisionKindSchema,
  note: pgText().trim().min(3, 'Write why').max(500),
});
export type AdminLinkDecisionInput = z.infer<typeof AdminLinkDecisionInputSchema>;
