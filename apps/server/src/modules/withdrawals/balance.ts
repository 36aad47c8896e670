import type { Queryable } from '../../db/db';
import { accountCodes, getAccount, sumEntriesByKind } from '../ledger';
import { hedgedWingoStakeMinor } from '../lottery';
import { hedgedVendorStakeMinor } from '../vendor-wallet';
import { WAGERING_KINDS, wageringState } from './rules';

/**
 * Balance, wagering lock and what can be withdrawn, from the ledger in the caller's transaction.
 * `lockWaived` (a self-excluded player, decision 400) frees the whole balance.
 */
export async function withdrawableOf(q: Queryable, playerId: number, wageringFactor: number, lockWaived = false) {
  const account = await getAccount(q, accountCodes.playerMain(playerId));
  const balanceMinor = account?.balanceMinor ?? 0;
  if (!account || lockWaived) return { balanceMinor, ...wageringState({ balanceMinor, depositedMinor: 0, netStakedMinor: 0, factor: wageringFactor }) };
  const sums = await sumEntriesByKind(q, account.code, [...WAGERING_KINDS.deposits, ...WAGERING_KINDS.stakes]);
  const depositedMinor = WAGERING_KINDS.deposits.reduce((s, k) => s + (sums[k] ?? 0), 0);
  // Play is what could have been lost (decision 192): net stakes from the ledger, minus the
  // part of lottery stakes that covered each other in one round (Big and Small together), and
  // the part of vendor stakes their round credited back (a debit and an equal credit, 401).
  // Only main's stakes count toward a deposit (bonus stakes are the bonus's own play, decision
  // 532), so only the cash share of a hedged lottery round is taken off them.
  const hedgedMinor = (await hedgedWingoStakeMinor(q, playerId, null, { cashOnly: true })) + (await hedgedVendorStakeMinor(q, playerId));
  const netStakedMinor = -WAGERING_KINDS.stakes.reduce((s, k) => s + (sums[k] ?? 0), 0) - hedgedMinor;
  return { balanceMinor, ...wageringState({ balanceMinor, depositedMinor, netStakedMinor, factor: wageringFactor }) };
}
