import type { Queryable } from '../../db/db';
import { accountCodes } from '../ledger';
import { selectHedgedStakeMinor } from './repo';

/**
 * What of a player's vendor stakes on their main wallet was not really at risk, for the
 * withdrawals' wagering lock (decision 401), as lottery hedges are counted (decision 192): per
 * vendor round, the stake that came back as that round's credits. The withdrawals module
 * subtracts it from the net stakes it reads in the ledger, so vendor play = what each round lost.
 * `since` (a bonus grant's wagering, decision 490) counts only the calls made from then on.
 */
export async function hedgedVendorStakeMinor(q: Queryable, playerId: number, since: Date | null = null): Promise<number> {
  return selectHedgedStakeMinor(q, playerId, accountCodes.playerMain(playerId), since);
}
