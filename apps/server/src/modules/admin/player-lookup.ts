import type { AccountLink, AdminLedgerPage, AdminLedgerQuery, AdminPlayer, AdminReviewContext, DepositsQuery, MyWingoBetsQuery, PlayerLotteryBetsQuery, UsdtDepositsPage, UsdtDepositsQuery, WithdrawalsQuery } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../errors';
import type { DepositsService } from '../deposits';
import type { KycService } from '../kyc';
import { listAccountsOfOwner, listEntries, sumPlayerEntriesByKindSince, transferKindsOf } from '../ledger';
import type { LotteryService } from '../lottery';
import { findPlayerById, findPlayerByPhone, findPlayerByUid, type PlayerRow } from '../players';
import type { SafetyService } from '../safety';
import type { UsdtDepositsService } from '../usdt-deposits';
import type { WithdrawalsService } from '../withdrawals';

const DAY_MS = 86_400_000;
const DEPOSIT_KINDS = transferKindsOf('deposit');
const WITHDRAWAL_KINDS = transferKindsOf('withdrawal');
const sumOf = (sums: Record<string, number>) => Object.values(sums).reduce((a, b) => a + b, 0);

export type PlayerLookupDeps = {
  db: Db;
  clock: Clock;
  deposits: DepositsService;
  /** USDT orders (absent when USDT is off): a support ticket may link one (decision 483). */
  usdt: Pick<UsdtDepositsService, 'list'> | undefined;
  withdrawals: () => WithdrawalsService;
  kyc: () => KycService;
  lottery: Pick<LotteryService, 'myBets' | 'playerBets'>;
  /** Responsible gambling (decision 210): the console reads a player's controls and an operator's suspension and closure. */
  safety: Pick<SafetyService, 'state' | 'history' | 'frequentRefusals' | 'suspension' | 'closure'>;
  /** Linked accounts (decision 430), which a review card shows too. */
  links: { playerLinks(playerId: number): Promise<AccountLink[]> };
};

/**
 * Read-only player lookup: find a player, then their balances, ledger, deposits, bets,
 * withdrawals, KYC and responsible-gambling controls. Every read of one player first checks that
 * the player exists (NOT_FOUND otherwise), whichever module holds the data.
 */
export function createPlayerLookup({ db, clock, deposits, usdt, withdrawals, kyc, lottery, safety, links }: PlayerLookupDeps) {
  async function playerView(q: Queryable, p: PlayerRow): Promise<AdminPlayer> {
    const accounts = await listAccountsOfOwner(q, p.id);
    return {
      id: p.id,
      uid: p.uid,
      phone: p.phone,
      nickname: p.nickname,
      createdAt: p.created_at.toISOString(),
      lastLoginAt: p.last_login_at?.toISOString() ?? null,
      balances: accounts.map((a) => ({ accountCode: a.code, balanceMinor: a.balanceMinor, currency: a.currency })),
    };
  }

  async function playerOrThrow(playerId: number): Promise<PlayerRow> {
    const p = await findPlayerById(db, playerId);
    if (!p) throw new AppError('NOT_FOUND', 'No such player');
    return p;
  }

  return {
    /** By internal id, public 8-digit UID or 10-digit phone (+91 allowed). */
    async lookupPlayer(q: string): Promise<AdminPlayer> {
      const digits = q.replace(/^\+?91(?=\d{10}$)/, '');
      let p: PlayerRow | undefined;
      if (/^[6-9]\d{9}$/.test(digits)) p = await findPlayerByPhone(db, digits);
      else if (/^\d{8}$/.test(digits)) p = (await findPlayerByUid(db, Number(digits))) ?? (await findPlayerById(db, Number(digits)));
      else if (/^\d{1,9}$/.test(digits)) p = await findPlayerById(db, Number(digits));
      if (!p) throw new AppError('NOT_FOUND', 'No player matches');
      return playerView(db, p);
    },

    async player(playerId: number): Promise<AdminPlayer> {
      return playerView(db, await playerOrThrow(playerId));
    },

    /** The player's main account, newest first, with the balance after each entry. */
    async playerLedger(playerId: number, query: AdminLedgerQuery): Promise<AdminLedgerPage> {
      await playerOrThrow(playerId);
      const accounts = await listAccountsOfOwner(db, playerId);
      const main = accounts.find((a) => a.code.endsWith(':main')) ?? accounts[0];
      if (!main) return { items: [], nextCursor: null };
      const page = await listEntries(db, main.code, { limit: query.limit, before: query.before ?? null });
      return {
        items: page.entries.map((e) => ({
          id: e.id,
          transferId: e.transferId,
          kind: e.transferKind,
          accountCode: e.accountCode,
          amountMinor: e.amountMinor,
          balanceAfterMinor: e.balanceAfterMinor,
          reference: e.reference,
          createdAt: e.createdAt.toISOString(),
        })),
        nextCursor: page.nextBefore,
      };
    },

    playerOrThrow,

    async playerDeposits(playerId: number, query: DepositsQuery) {
      await playerOrThrow(playerId);
      return deposits.list(playerId, query);
    },

    async playerUsdtDeposits(playerId: number, query: UsdtDepositsQuery): Promise<UsdtDepositsPage> {
      await playerOrThrow(playerId);
      return usdt ? usdt.list(playerId, query) : { items: [], nextCursor: null };
    },

    async playerBets(playerId: number, query: MyWingoBetsQuery) {
      await playerOrThrow(playerId);
      return lottery.myBets(playerId, query);
    },

    /** The player's bets of every lottery game (decision 363). */
    async playerLotteryBets(playerId: number, query: PlayerLotteryBetsQuery) {
      await playerOrThrow(playerId);
      return lottery.playerBets(playerId, query);
    },

    async playerWithdrawals(playerId: number, query: WithdrawalsQuery) {
      await playerOrThrow(playerId);
      return withdrawals().listForPlayer(playerId, query);
    },

    async playerKyc(playerId: number) {
      await playerOrThrow(playerId);
      return kyc().getForPlayer(playerId);
    },

    /** The player's controls now and every change to them (no console call sets or lifts one), and an operator's suspension. */
    async playerSafety(playerId: number) {
      await playerOrThrow(playerId);
      return { state: await safety.state(playerId), changes: await safety.history(playerId), suspension: await safety.suspension(playerId), closure: await safety.closure(playerId) };
    },

    /** What a review card shows of its player: money, 30 days of deposits and withdrawals, wagering, KYC, controls, linked accounts. */
    async reviewContext(playerId: number): Promise<AdminReviewContext> {
      await playerOrThrow(playerId);
      const since = new Date(clock.now().getTime() - 30 * DAY_MS);
      const [info, kycView, state, suspension, closure, deposited, withdrawn, linkedAccounts] = await Promise.all([
        withdrawals().info(playerId),
        kyc().getForPlayer(playerId),
        safety.state(playerId),
        safety.suspension(playerId),
        safety.closure(playerId),
        sumPlayerEntriesByKindSince(db, playerId, DEPOSIT_KINDS, since),
        sumPlayerEntriesByKindSince(db, playerId, WITHDRAWAL_KINDS, since),
        links.playerLinks(playerId),
      ]);
      return {
        playerId,
        balanceMinor: info.balanceMinor,
        withdrawableMinor: info.withdrawableMinor,
        remainingToPlayMinor: info.wagering.remainingToPlayMinor,
        deposits30dMinor: sumOf(deposited),
        // Holds leave the wallet (negative), releases and returns come back: the net is what left.
        withdrawals30dMinor: -sumOf(withdrawn),
        kycStatus: kycView.status.status,
        safetyBlock: state.block.kind,
        limitsInForce: state.limits.filter((l) => l.amountMinor !== null).length,
        suspended: suspension !== null,
        closure: closure && { reason: closure.reason, balanceRule: closure.balanceRule },
        linkedAccounts,
      };
    },

    /** Players refused by a responsible-gambling control often. */
    async limitHits(days: number, minHits: number) {
      return safety.frequentRefusals(days, minHits);
    },
  };
}
