import type {
  VendorCreditInput,
  VendorDebitInput,
  VendorRollbackInput,
  VendorSession,
  VendorTxResult,
} from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { GamesService, VendorSessionInfo } from '../games';
import { accountCodes, ensureAccount, getAccount, isLedgerError, postTransfer } from '../ledger';
import { decideReplay, requestHashOf } from './call-rules';
import type { SafetyService } from '../safety';
import * as repo from './repo';

/** What a vendor may credit (decision 193; config VENDOR_*). */
export type VendorWalletLimits = {
  /** A round's credits are at most its (not rolled back) debits times this. */
  maxWinMultiple: number;
  /** A declared free-round credit is at most this; 0 refuses free rounds. */
  freeRoundMaxMinor: number;
  /** Free-round credits per player and provider in any 24 hours are at most this. */
  freeRoundDailyMaxMinor: number;
};

export const DEFAULT_VENDOR_WALLET_LIMITS: VendorWalletLimits = { maxWinMultiple: 1_000, freeRoundMaxMinor: 0, freeRoundDailyMaxMinor: 0 };

export type VendorWalletDeps = {
  db: Db;
  clock: Clock;
  games: GamesService;
  currency: string;
  limits?: VendorWalletLimits;
  /** Responsible gambling (decision 210): a debit during a break or exclusion, or over a stake or loss limit, is refused. */
  safety: Pick<SafetyService, 'checkStakes' | 'noteRefusal'>;
};

const DAY_MS = 24 * 3_600_000;

/**
 * The seamless wallet API's use cases. Every money call is one ledger transfer between the
 * player's account for the session (main, or the vendor purse in transfer mode) and the vendor's
 * house account, recorded under the vendor's transaction id in the same database transaction.
 */
export function createVendorWalletService({ db, clock, games, currency, limits = DEFAULT_VENDOR_WALLET_LIMITS, safety }: VendorWalletDeps) {
  async function sessionOf(provider: string, token: string): Promise<VendorSessionInfo> {
    const s = await games.vendorSession(token, provider);
    if (!s) throw new AppError('VENDOR_SESSION_NOT_FOUND', 'Unknown game session');
    return s;
  }

  async function balanceIn(q: Queryable, s: VendorSessionInfo): Promise<number> {
    const code = await games.playerAccountOf(q, s);
    return (await getAccount(q, code))?.balanceMinor ?? 0;
  }

  async function houseOf(q: Queryable, vendorCode: string): Promise<string> {
    const code = accountCodes.vendor(vendorCode);
    await ensureAccount(q, { code, kind: 'house', currency });
    return code;
  }

  /** Claims the transaction id, or answers as the first call with this id did. */
  async function claimOrReplay(
    tx: Queryable,
    provider: string,
    kind: 'debit' | 'credit' | 'rollback' | 'free_round',
    s: VendorSessionInfo,
    body: { txId: string; roundId?: string; amountMinor?: number; refTxId?: string },
    requestHash: string,
  ): Promise<{ claimed: true } | { claimed: false; answer: VendorTxResult }> {
    const claimed = await repo.claimCall(tx, {
      provider,
      txId: body.txId,
      kind,
      roundId: body.roundId ?? null,
      requestHash,
      sessionId: s.id,
      playerId: s.playerId,
      vendorCode: s.vendorCode,
      amountMinor: body.amountMinor ?? 0,
      refTxId: body.refTxId ?? null,
      status: 'refused',
      now: clock.now(),
    });
    if (claimed) return { claimed: true };
    const known = await repo.lockCall(tx, provider, body.txId);
    if (!known) throw new Error(`Vendor call ${provider}/${body.txId} conflicted but cannot be read`);
    const decision = decideReplay({ kind: known.kind, requestHash: known.request_hash, status: known.status, answer: known.answer }, kind, requestHash);
    if (decision.action === 'conflict') {
      throw new AppError('IDEMPOTENCY_CONFLICT', `Transaction id ${body.txId} was already used for a different call`);
    }
    if (decision.action === 'refuse_voided') {
      return { claimed: false, answer: { txId: body.txId, status: 'refused', balanceMinor: await balanceIn(tx, s), currency, transferId: null } };
    }
    return { claimed: false, answer: decision.answer as VendorTxResult };
  }

  /** Records the call's answer; `transfer` is the ledger transfer it posted and the player account it moved. */
  async function finish(tx: Queryable, provider: string, s: VendorSessionInfo, txId: string, status: VendorTxResult['status'], transfer: { id: string; account: string } | null, reason?: string) {
    const answer: VendorTxResult = { txId, status, balanceMinor: await balanceIn(tx, s), currency, transferId: transfer?.id ?? null, ...(reason ? { reason } : {}) };
    await repo.settleCall(tx, provider, txId, status, answer, transfer);
    return answer;
  }

  return {
    async session(provider: string, sessionToken: string): Promise<VendorSession> {
      const s = await sessionOf(provider, sessionToken);
      return {
        playerRef: `p${s.playerId}`,
        gameUid: s.gameUid,
        vendorCode: s.vendorCode,
        currency,
        balanceMinor: await balanceIn(db, s),
        active: s.active,
      };
    },

    async balance(provider: string, sessionToken: string) {
      const s = await sessionOf(provider, sessionToken);
      return { balanceMinor: await balanceIn(db, s), currency };
    },

    /** A bet: refused once the session has ended, or when its id was voided by an earlier rollback. */
    async debit(provider: string, input: VendorDebitInput): Promise<VendorTxResult> {
      const s = await sessionOf(provider, input.sessionToken);
      const hash = requestHashOf('debit', input);
      return db.transaction(async (tx) => {
        const claim = await claimOrReplay(tx, provider, 'debit', s, input, hash);
        if (!claim.claimed) return claim.answer;
        if (!s.active) return finish(tx, provider, s, input.txId, 'refused', null);
        // The vendor gets the refusal through the wallet API; the call is recorded as refused, so
        // a retry of it answers the same (its controls lock comes before the ledger's).
        const [refusal] = await safety.checkStakes(tx, [{ playerId: s.playerId, stakeMinor: input.amountMinor }]);
        if (refusal) {
          await safety.noteRefusal(tx, refusal);
          return finish(tx, provider, s, input.txId, 'refused', null, refusal.code);
        }
        const player = await games.playerAccountOf(tx, s);
        const house = await houseOf(tx, s.vendorCode);
        try {
          const posted = await postTransfer(tx, {
            idempotencyKey: `vw:${provider}:${input.txId}`,
            kind: 'vendor_bet',
            reference: `${provider}:${input.roundId}`,
            metadata: { sessionId: s.id, gameUid: s.gameUid },
            entries: [
              { accountCode: player, amountMinor: -input.amountMinor },
              { accountCode: house, amountMinor: input.amountMinor },
            ],
          });
          return finish(tx, provider, s, input.txId, 'ok', { id: posted.id, account: player });
        } catch (err) {
          if (isLedgerError(err, 'INSUFFICIENT_FUNDS')) return finish(tx, provider, s, input.txId, 'insufficient_funds', null);
          throw err;
        }
      });
    },

    /**
     * A win: accepted even after the player's session ended (the round was bet while it was
     * open), but only for a round this player was debited for and that was not rolled back, and
     * at most the round's stakes times `maxWinMultiple` in all (decision 193): a vendor's secret
     * alone cannot mint money. A free round (`freeRound: true`) needs no debit and has its own
     * caps. A refused credit is an error (nothing is recorded, so a credit that arrived before
     * its debit can be sent again); a retry of an accepted one answers as the first did.
     */
    async credit(provider: string, input: VendorCreditInput): Promise<VendorTxResult> {
      const s = await sessionOf(provider, input.sessionToken);
      const hash = requestHashOf('credit', input);
      const kind = input.freeRound ? 'free_round' : 'credit';
      return db.transaction(async (tx) => {
        const claim = await claimOrReplay(tx, provider, kind, s, input, hash);
        if (!claim.claimed) return claim.answer;
        if (input.amountMinor === 0) return finish(tx, provider, s, input.txId, 'ok', null);
        if (input.freeRound) {
          if (input.amountMinor > limits.freeRoundMaxMinor) {
            throw new AppError('VENDOR_CREDIT_ABOVE_LIMIT', limits.freeRoundMaxMinor === 0 ? 'Free rounds are not enabled for this operator' : `A free-round credit is at most ${limits.freeRoundMaxMinor} minor units`);
          }
          const since = new Date(clock.now().getTime() - DAY_MS);
          const paid = await repo.lockFreeRoundTotal(tx, provider, s.playerId, since);
          if (paid + input.amountMinor > limits.freeRoundDailyMaxMinor) {
            throw new AppError('VENDOR_CREDIT_ABOVE_LIMIT', `Free-round credits to this player are at most ${limits.freeRoundDailyMaxMinor} minor units in 24 hours`);
          }
        } else {
          const round = await repo.lockRoundMoney(tx, provider, input.roundId, s.playerId);
          if (round.debits === 0) throw new AppError('VENDOR_ROUND_NOT_DEBITED', `Round ${input.roundId} has no debit of this player to pay (or it was rolled back)`);
          if (round.creditedMinor + input.amountMinor > round.stakedMinor * limits.maxWinMultiple) {
            throw new AppError('VENDOR_CREDIT_ABOVE_LIMIT', `Round ${input.roundId} can be credited at most ${limits.maxWinMultiple} times its stakes`);
          }
        }
        const player = await games.playerAccountOf(tx, s);
        const house = await houseOf(tx, s.vendorCode);
        const posted = await postTransfer(tx, {
          idempotencyKey: `vw:${provider}:${input.txId}`,
          kind: input.freeRound ? 'vendor_free_round' : 'vendor_win',
          reference: `${provider}:${input.roundId}`,
          metadata: { sessionId: s.id, gameUid: s.gameUid, ...(input.freeRound ? { freeRound: true } : {}) },
          entries: [
            { accountCode: house, amountMinor: -input.amountMinor },
            { accountCode: player, amountMinor: input.amountMinor },
          ],
        });
        return finish(tx, provider, s, input.txId, 'ok', { id: posted.id, account: player });
      });
    },

    /**
     * Undoes a debit. A debit we never saw is recorded as void, so if it arrives late it is
     * refused instead of taking money for a round the vendor already gave up on.
     */
    async rollback(provider: string, input: VendorRollbackInput): Promise<VendorTxResult> {
      const s = await sessionOf(provider, input.sessionToken);
      const hash = requestHashOf('rollback', input);
      return db.transaction(async (tx) => {
        const claim = await claimOrReplay(tx, provider, 'rollback', s, input, hash);
        if (!claim.claimed) return claim.answer;
        const voided = await repo.claimCall(tx, {
          provider,
          txId: input.refTxId,
          kind: 'debit',
          requestHash: null,
          sessionId: s.id,
          playerId: s.playerId,
          vendorCode: s.vendorCode,
          amountMinor: 0,
          refTxId: null,
          status: 'void',
          now: clock.now(),
        });
        if (voided) return finish(tx, provider, s, input.txId, 'ok', null);
        const ref = await repo.lockCall(tx, provider, input.refTxId);
        if (!ref || ref.kind !== 'debit' || ref.player_id !== s.playerId) return finish(tx, provider, s, input.txId, 'refused', null);
        if (ref.status !== 'ok' || ref.transfer_id === null || ref.rolled_back_by !== null) {
          // Nothing was taken (refused, short of funds, void) or it was already given back.
          return finish(tx, provider, s, input.txId, 'ok', null);
        }
        // A round is either paid or cancelled, never both: once a win was credited for it, its
        // stake stays played (otherwise debit, credit, rollback would return the stake on top).
        // The debit's row is locked (lockCall), and a credit locks the round's debits first, so
        // the two serialise: whichever commits second sees the other.
        if (ref.round_id !== null && (await repo.roundWasCredited(tx, provider, ref.round_id, s.playerId))) {
          return finish(tx, provider, s, input.txId, 'refused', null);
        }
        const player = await games.playerAccountOf(tx, s);
        const house = await houseOf(tx, s.vendorCode);
        const posted = await postTransfer(tx, {
          idempotencyKey: `vw:${provider}:rollback:${input.refTxId}`,
          kind: 'vendor_rollback',
          reference: `${provider}:${input.refTxId}`,
          // The game, as on the debit it returns: the player's statistics group by it (decision 459).
          metadata: { sessionId: s.id, gameUid: s.gameUid, rollbackTxId: input.txId },
          entries: [
            { accountCode: house, amountMinor: -ref.amount_minor },
            { accountCode: player, amountMinor: ref.amount_minor },
          ],
        });
        await repo.markRolledBack(tx, provider, input.refTxId, input.txId);
        return finish(tx, provider, s, input.txId, 'ok', { id: posted.id, account: player });
      });
    },
  };
}
export type VendorWalletService = ReturnType<typeof createVendorWalletService>;
