/** The tables modules/tron owns (the sandbox chain's migration); no other module reads or writes them. */
export const OWNED_TABLES = ['tron_sandbox_chain', 'tron_sandbox_blocks'] as const;
