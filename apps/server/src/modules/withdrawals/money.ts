import type { Queryable } from '../../db/db';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, postTransfer, type PostTransferInput } from '../ledger';
import type { WithdrawalRow } from './repo';

/**
 * Where withdrawal money moves, and only here. Four ledger movements, each under its own key per
 * withdrawal so it happens at most once (the ledger enforces the key in the database):
 *
 *   hold      player main -> house:withdrawal_hold           (request)
 *   return    house:withdrawal_hold -> player main           (cancel, reject, failed before paid)
 *   paid      house:withdrawal_hold -> house:withdrawals + house:fees   (the payout went out)
 *   reversed  house:withdrawals + house:fees -> player main  (the bank returned a paid payout)
 *
 * Each runs in the caller's transaction, with the withdrawal row locked and its step taken there too.
 */

/** Ledger keys: one per withdrawal and money outcome, so each happens at most once (DB-enforced). */
export const ledgerKey = {
  hold: (id: string) => `withdrawal:${id}:hold`,
  // Cancel, reject and failed-before-paid all return the hold: one shared key, so at most one of
  // them can ever post (another body under the same key is an IDEMPOTENCY_CONFLICT).
  return: (id: string) => `withdrawal:${id}:return`,
  paid: (id: string) => `withdrawal:${id}:paid`,
  reversed: (id: string) => `withdrawal:${id}:reversed`,
};

type Movement = Pick<WithdrawalRow, 'id' | 'player_id' | 'amount_minor' | 'fee_minor' | 'method_kind'>;

export function createWithdrawalMoney(currency: string) {
  const main = (playerId: number) => accountCodes.playerMain(playerId);

  /** One movement of a withdrawal's money, under its key, with the accounts it needs in place. */
  async function post(tx: Queryable, w: Pick<WithdrawalRow, 'id' | 'player_id' | 'method_kind'>, move: Pick<PostTransferInput, 'idempotencyKey' | 'kind' | 'metadata' | 'entries'>) {
    await ensureAccount(tx, { code: main(w.player_id), kind: 'player', owner: w.player_id, currency });
    for (const code of [HOUSE_ACCOUNTS.withdrawalHold, HOUSE_ACCOUNTS.withdrawals, HOUSE_ACCOUNTS.fees]) {
      await ensureAccount(tx, { code, kind: 'house', currency });
    }
    // The payout channel goes on every movement, so the reports split withdrawals by channel from
    // the ledger alone (metadata is not part of the idempotency hash: a retry still replays).
    return postTransfer(tx, { ...move, metadata: { channel: w.method_kind, ...move.metadata }, reference: w.id });
  }

  return {
    /** Request: the whole amount (fee included) leaves the player's main wallet for the hold. */
    hold: (tx: Queryable, w: Pick<WithdrawalRow, 'id' | 'player_id' | 'amount_minor' | 'method_kind'>, metadata: Record<string, unknown>) =>
      post(tx, w, {
        idempotencyKey: ledgerKey.hold(w.id),
        kind: 'withdrawal_hold',
        metadata,
        entries: [
          { accountCode: main(w.player_id), amountMinor: -w.amount_minor },
          { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: w.amount_minor },
        ],
      }),

    /** The hold back to the player (cancel, reject, failed before paid): at most once per withdrawal. */
    returnHold: (tx: Queryable, w: Movement, kind: 'withdrawal_release' | 'withdrawal_failed', metadata: Record<string, unknown>) =>
      post(tx, w, {
        idempotencyKey: ledgerKey.return(w.id),
        kind,
        metadata,
        entries: [
          { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: -w.amount_minor },
          { accountCode: main(w.player_id), amountMinor: w.amount_minor },
        ],
      }),

    /** Paid: the hold settles to house:withdrawals (what left us) and house:fees (the fee). */
    settlePaid: (tx: Queryable, w: Movement, metadata: Record<string, unknown>) =>
      post(tx, w, {
        idempotencyKey: ledgerKey.paid(w.id),
        kind: 'withdrawal_paid',
        metadata,
        entries: [
          { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: -w.amount_minor },
          { accountCode: HOUSE_ACCOUNTS.withdrawals, amountMinor: netMinor(w) },
          ...(w.fee_minor > 0 ? [{ accountCode: HOUSE_ACCOUNTS.fees, amountMinor: w.fee_minor }] : []),
        ],
      }),

    /** The bank returned a paid payout: what was paid and the fee go back to the player, once. */
    reversePaid: (tx: Queryable, w: Movement, metadata: Record<string, unknown>) =>
      post(tx, w, {
        idempotencyKey: ledgerKey.reversed(w.id),
        kind: 'withdrawal_reversed',
        metadata,
        entries: [
          { accountCode: HOUSE_ACCOUNTS.withdrawals, amountMinor: -netMinor(w) },
          ...(w.fee_minor > 0 ? [{ accountCode: HOUSE_ACCOUNTS.fees, amountMinor: -w.fee_minor }] : []),
          { accountCode: main(w.player_id), amountMinor: w.amount_minor },
        ],
      }),
  };
}
export type WithdrawalMoney = ReturnType<typeof createWithdrawalMoney>;

/** What a withdrawal pays out: the amount less the fee (the fee stays with the house). */
export const netMinor = (w: Pick<WithdrawalRow, 'amount_minor' | 'fee_minor'>) => w.amount_minor - w.fee_minor;
