/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['safety_controls', 'safety_limits', 'safety_deposit_usage', 'safety_changes', 'safety_refusals', 'safety_interaction_notes'] as const;
