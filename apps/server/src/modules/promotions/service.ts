import { randomBytes } from 'node:crypto';
import {
  minorToDecimal,
  PROMOTION_TERMS_VERSION,
  type AdminBonusGrant,
  type AuditAction,
  type BonusGrant,
  type BonusSource,
  type GiftCode,
  type GiftCodeInput,
  type MarketingConsent,
  type PromotionStatus,
  type RedeemGiftCodeInput,
} from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, getBalance, lockBalances, postTransfer, sumEntriesByKind, transferKindsOf, withTransaction } from '../ledger';
import { hedgedWingoStakeMinor } from '../lottery';
import { hedgedVendorStakeMinor } from '../vendor-wallet';
import { offerStatus, type OfferStatusFacts } from './offer-status';
import * as repo from './repo';
import { eligibility, isWageringMultiple, wageringProgress } from './rules';

/** What the safety module says about the player, read in the caller's transaction (SafetyService.promotionFacts). */
export type SafetyFacts = (q: Queryable, playerId: number) => Promise<Omit<OfferStatusFacts, 'consentGiven'>>;

/** Who acted and from where: the console's operator and request (given by app.ts: this module does not import the console). */
export type OperatorPrincipal = { id: number; username: string };
export type RequestOrigin = { ip: string | null; userAgent: string | null };
/** The console's append-only audit log (its `write`), written in each action's own transaction. */
type AuditLog = {
  write(q: Queryable, who: { id: number | null; username: string | null }, action: AuditAction, target: string | null, origin: RequestOrigin, change?: { before?: unknown; after?: unknown }): Promise<unknown>;
};

export type PromotionsDeps = {
  db: Db;
  clock: Clock;
  safetyFacts: SafetyFacts;
  audit: AuditLog;
};

/** A bonus to grant (gift codes today; the first-deposit bonus and check-in later). */
export type GrantInput = {
  playerId: number;
  source: BonusSource;
  sourceRef: string;
  amountMinor: number;
  wageringMultiple: number;
  validDays: number;
  /** The terms version the player accepted: must be the current one. */
  termsVersion: string;
  /** A fixed id (an invite's `bon_inv<inviteeId>`): its ledger key is then fixed too, so it is granted once. */
  grantId?: string;
};

const CONSENT_HISTORY_LIMIT = 50;
const DAY_MS = 86_400_000;
/** How many grants one run of the settle job looks at. */
const SETTLE_BATCH = 500;
/** Stakes and their returns on the player's side: net stakes are what wagering counts (decision 192). */
export const STAKE_KINDS = transferKindsOf('stake', 'stake_return');

/** The console lists at most this many gift codes, newest first. */
const GIFT_CODE_LIST_LIMIT = 200;

const toGiftCode = (r: repo.GiftCodeRow): GiftCode => ({
  id: r.id,
  code: r.code,
  bonusMinor: r.bonus_minor,
  wageringMultiple: r.wagering_multiple,
  bonusValidDays: r.bonus_valid_days,
  budgetMinor: r.budget_minor,
  spentMinor: r.spent_minor,
  perPlayerCap: r.per_player_cap,
  termsVersion: r.terms_version,
  expiresAt: r.expires_at.toISOString(),
  paused: r.paused,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
});

const grantKey = (end: 'grant' | 'convert' | 'forfeit' | 'expire', grantId: string) => `bonus:${end}:${grantId}`;

/**
 * Promotions' money core (decisions 490-492): marketing consent, bonus grants in their own ledger
 * accounts, their wagering, and their one end each (converted, forfeited or expired).
 */
export function createPromotionsService({ db, clock, safetyFacts, audit }: PromotionsDeps) {
  async function consentGiven(q: Queryable, playerId: number): Promise<boolean> {
    return (await repo.selectConsentGiven(q, [playerId])).has(playerId);
  }

  /** Whether an offer may reach the player now: the safety module's facts and consent, read in `q`. */
  async function eligibilityOf(q: Queryable, playerId: number) {
    const facts = { ...(await safetyFacts(q, playerId)), consentGiven: await consentGiven(q, playerId) };
    return eligibility(facts, clock.now());
  }

  /** A grant's progress: play on the main wallet and its own bonus account after its ledger entry. */
  async function progressOf(q: Queryable, g: repo.GrantRow) {
    const bonusAccount = accountCodes.playerBonus(g.player_id, g.id);
    let netStakedMinor = 0;
    for (const code of [accountCodes.playerMain(g.player_id), bonusAccount]) {
      const sums = await sumEntriesByKind(q, code, STAKE_KINDS, g.grant_entry_id);
      netStakedMinor -= STAKE_KINDS.reduce((s, k) => s + (sums[k] ?? 0), 0);
    }
    // Hedged play counts by net exposure, as for deposits: bets placed from the grant on.
    const hedgedMinor = (await hedgedWingoStakeMinor(q, g.player_id, g.granted_at)) + (await hedgedVendorStakeMinor(q, g.player_id, g.granted_at));
    return wageringProgress({ amountMinor: g.amount_minor, multiple: g.wagering_multiple, netStakedMinor, hedgedMinor });
  }

  /**
   * Ends a locked, active grant once: its remaining bonus goes to main (converted) or back to
   * house:bonuses (forfeited, expired) under the end's fixed key; nothing moves when it is empty.
   */
  async function endGrant(tx: Queryable, g: repo.GrantRow, end: 'converted' | 'forfeited' | 'expired'): Promise<void> {
    const bonusAccount = accountCodes.playerBonus(g.player_id, g.id);
    const toCash = end === 'converted';
    // Read under the accounts' locks (both, in id order, as the transfer takes them): a bet may be
    // taking bonus money from this account right now (decision 530), and the end moves what is left.
    const balanceMinor = (await lockBalances(tx, [bonusAccount, toCash ? accountCodes.playerMain(g.player_id) : HOUSE_ACCOUNTS.bonuses])).get(bonusAccount) ?? 0;
    let transferId: string | null = null;
    if (balanceMinor > 0) {
      const posted = await postTransfer(tx, {
        idempotencyKey: grantKey(toCash ? 'convert' : end === 'forfeited' ? 'forfeit' : 'expire', g.id),
        kind: toCash ? 'bonus_convert' : end === 'forfeited' ? 'bonus_forfeit' : 'bonus_expire',
        reference: g.id,
        metadata: { grantId: g.id },
        entries: [
          { accountCode: bonusAccount, amountMinor: -balanceMinor },
          { accountCode: toCash ? accountCodes.playerMain(g.player_id) : HOUSE_ACCOUNTS.bonuses, amountMinor: balanceMinor },
        ],
      });
      transferId = posted.id;
    }
    await repo.markGrantEnded(tx, g.id, end, clock.now(), transferId);
  }

  /**
   * Converts the grant if its wagering is complete, else expires it if its time is up; in its own
   * transaction, the grant row locked so that a racing job, read or withdrawal ends it only once.
   */
  async function settleGrant(grantId: string): Promise<'converted' | 'expired' | null> {
    await ensureAccount(db, { code: HOUSE_ACCOUNTS.bonuses, kind: 'house' });
    return withTransaction(db, async (tx) => {
      const g = await repo.selectGrantForUpdate(tx, grantId);
      if (!g || g.status !== 'active') return null;
      if ((await progressOf(tx, g)).complete) {
        await endGrant(tx, g, 'converted');
        return 'converted';
      }
      if (g.expires_at.getTime() <= clock.now().getTime()) {
        await endGrant(tx, g, 'expired');
        return 'expired';
      }
      return null;
    });
  }

  async function toView(q: Queryable, g: repo.GrantRow): Promise<BonusGrant> {
    const active = g.status === 'active';
    const progress = await progressOf(q, g);
    return {
      id: g.id,
      source: g.source,
      status: g.status,
      amountMinor: g.amount_minor,
      balanceMinor: active ? await getBalance(q, accountCodes.playerBonus(g.player_id, g.id)) : 0,
      wageringMultiple: g.wagering_multiple,
      requiredMinor: progress.requiredMinor,
      // An ended grant shows where its wagering stood when it ended only if converted (complete).
      wageredMinor: g.status === 'converted' ? progress.requiredMinor : progress.wageredMinor,
      termsVersion: g.terms_version,
      grantedAt: g.granted_at.toISOString(),
      expiresAt: g.expires_at.toISOString(),
      endedAt: g.ended_at?.toISOString() ?? null,
    };
  }

  /** A grant in the caller's transaction (the service's `grant`, and a gift code's redemption). */
  async function grantIn(tx: Queryable, input: GrantInput): Promise<repo.GrantRow> {
    if (!isWageringMultiple(input.wageringMultiple) || !Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
      throw new AppError('VALIDATION_FAILED', 'A bonus needs a positive amount and a wagering multiple from 1 to 5');
    }
    if (input.termsVersion !== PROMOTION_TERMS_VERSION) {
      throw new AppError('PROMOTION_TERMS_OUTDATED', 'The terms changed: read them again before accepting', undefined, undefined, { termsVersion: PROMOTION_TERMS_VERSION });
    }
    const now = clock.now();
    const verdict = await eligibilityOf(tx, input.playerId);
    if (!verdict.ok) throw new AppError('PROMOTION_NOT_ELIGIBLE', 'This offer is not available to you now', undefined, undefined, { reason: verdict.reason });
    await ensureAccount(tx, { code: HOUSE_ACCOUNTS.bonuses, kind: 'house' });
    // A grant that is complete or past its expiry but not yet settled by the job ends here first.
    const active = [];
    for (const g of await repo.selectGrants(tx, input.playerId, { activeOnly: true, lock: true })) {
      if ((await progressOf(tx, g)).complete) await endGrant(tx, g, 'converted');
      else if (g.expires_at.getTime() <= now.getTime()) await endGrant(tx, g, 'expired');
      else active.push(g);
    }
    if (active.length > 0) {
      throw new AppError('BONUS_ALREADY_ACTIVE', 'You already have a bonus in play: finish or forfeit it first', undefined, undefined, { grantId: active[0]!.id });
    }
    const id = input.grantId ?? `bon_${randomBytes(12).toString('hex')}`;
    const bonusAccount = accountCodes.playerBonus(input.playerId, id);
    await ensureAccount(tx, { code: bonusAccount, kind: 'player', owner: input.playerId });
    const posted = await postTransfer(tx, {
      idempotencyKey: grantKey('grant', id),
      kind: 'bonus_grant',
      reference: id,
      metadata: { grantId: id, source: input.source, sourceRef: input.sourceRef },
      entries: [
        { accountCode: HOUSE_ACCOUNTS.bonuses, amountMinor: -input.amountMinor },
        { accountCode: bonusAccount, amountMinor: input.amountMinor },
      ],
    });
    const row: Omit<repo.GrantRow, 'status' | 'ended_at' | 'end_transfer_id'> = {
      id,
      player_id: input.playerId,
      source: input.source,
      source_ref: input.sourceRef,
      amount_minor: input.amountMinor,
      wagering_multiple: input.wageringMultiple,
      terms_version: input.termsVersion,
      granted_at: now,
      grant_entry_id: Math.max(...posted.entries.map((e) => e.id)),
      expires_at: new Date(now.getTime() + input.validDays * DAY_MS),
    };
    await repo.insertGrant(tx, row);
    return { ...row, status: 'active', ended_at: null, end_transfer_id: null };
  }

  return {
    /** The player's marketing consent and its history (off until given). */
    async consent(playerId: number): Promise<MarketingConsent> {
      const history = await repo.selectConsentHistory(db, playerId, CONSENT_HISTORY_LIMIT);
      const current = history[0];
      return { given: current?.given ?? false, changedAt: current?.at.toISOString() ?? null, history: history.map((h) => ({ given: h.given, at: h.at.toISOString() })) };
    },

    /** Gives or withdraws consent; a change is a new row with its time, a repeat records nothing. */
    async setConsent(playerId: number, given: boolean): Promise<MarketingConsent> {
      await withTransaction(db, async (tx) => {
        if ((await consentGiven(tx, playerId)) !== given) await repo.insertConsent(tx, playerId, given, clock.now());
      });
      return this.consent(playerId);
    },

    /**
     * Whether offers are paused for the player now and why (the grant's rule, read-only: nothing
     * is locked for update nor changed), and the terms version in force against the one on their
     * newest bonus. One read transaction, so the controls, the consent and the grant agree.
     */
    async status(playerId: number): Promise<PromotionStatus> {
      return withTransaction(db, async (tx) => {
        const facts = { ...(await safetyFacts(tx, playerId)), consentGiven: await consentGiven(tx, playerId) };
        const accepted = await repo.selectNewestTermsVersion(tx, playerId);
        return offerStatus(facts, { current: PROMOTION_TERMS_VERSION, accepted }, clock.now());
      });
    },

    /** Whether the player has given marketing consent now (announcements' marketing check, decision 458). */
    async marketingConsentGiven(playerId: number): Promise<boolean> {
      return consentGiven(db, playerId);
    },

    /**
     * Grants a bonus in the caller's transaction: eligibility checked there (safety controls
     * share-locked first, then consent), one active bonus at a time, the money moved from
     * house:bonuses into the grant's own account under `bonus:grant:<id>`.
     */
    grant: grantIn,

    /** Whether an offer may reach the player now (the check-in's state; a grant checks it again in its own transaction). */
    eligibilityOf,

    /** The player's bonuses with their progress, newest first; a completed one is converted first. */
    async bonuses(playerId: number): Promise<BonusGrant[]> {
      for (const g of await repo.selectGrants(db, playerId, { activeOnly: true })) await settleGrant(g.id);
      const grants = await repo.selectGrants(db, playerId);
      return Promise.all(grants.map((g) => toView(db, g)));
    },

    /** A player's bonuses for the console, newest first: read only, so a complete one is shown, not converted. */
    async playerBonusesForConsole(playerId: number): Promise<AdminBonusGrant[]> {
      return Promise.all((await repo.selectGrants(db, playerId)).map(async (g) => ({ ...(await toView(db, g)), sourceRef: g.source_ref })));
    },

    /**
     * A withdrawal request's bonus step, in the withdrawal's transaction (decision 490): a grant
     * whose wagering is complete converts; any other active grant is forfeited only when the
     * player confirmed it (`forfeitBonus: true`), else the request is refused naming the bonus.
     */
    async settleForWithdrawal(tx: Queryable, playerId: number, forfeitConfirmed: boolean): Promise<void> {
      const active = await repo.selectGrants(tx, playerId, { activeOnly: true, lock: true });
      if (active.length === 0) return;
      await ensureAccount(tx, { code: HOUSE_ACCOUNTS.bonuses, kind: 'house' });
      const open: repo.GrantRow[] = [];
      for (const g of active) {
        if ((await progressOf(tx, g)).complete) await endGrant(tx, g, 'converted');
        else open.push(g);
      }
      if (open.length === 0) return;
      if (!forfeitConfirmed) {
        let bonusMinor = 0;
        for (const g of open) bonusMinor += await getBalance(tx, accountCodes.playerBonus(playerId, g.id));
        throw new AppError(
          'BONUS_FORFEIT_REQUIRED',
          `Withdrawing now forfeits your bonus of ₹${minorToDecimal(bonusMinor)}: confirm to forfeit it and withdraw`,
          undefined,
          undefined,
          { bonusMinor, grantId: open[0]!.id },
        );
      }
      for (const g of open) await endGrant(tx, g, 'forfeited');
    },

    /** The console's gift codes, newest first. */
    async giftCodes(): Promise<GiftCode[]> {
      return (await repo.selectGiftCodes(db, GIFT_CODE_LIST_LIMIT)).map(toGiftCode);
    },

    /** An admin creates a gift code (audited in the same transaction); a code that exists is refused. */
    async createGiftCode(input: GiftCodeInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<GiftCode> {
      const now = clock.now();
      const expiresAt = new Date(input.expiresAt);
      if (expiresAt.getTime() <= now.getTime()) {
        throw new AppError('VALIDATION_FAILED', 'The code must expire in the future', [{ path: 'expiresAt', message: 'Choose a time in the future' }]);
      }
      if (input.bonusMinor > input.budgetMinor) {
        throw new AppError('VALIDATION_FAILED', 'The budget must pay at least one bonus', [{ path: 'budgetMinor', message: 'At least one bonus' }]);
      }
      return withTransaction(db, async (tx) => {
        const row = await repo.insertGiftCode(tx, {
          code: input.code,
          bonus_minor: input.bonusMinor,
          wagering_multiple: input.wageringMultiple,
          bonus_valid_days: input.bonusValidDays,
          budget_minor: input.budgetMinor,
          per_player_cap: input.perPlayerCap,
          terms_version: PROMOTION_TERMS_VERSION,
          expires_at: expiresAt,
          created_by: by.id,
          created_at: now,
        });
        if (!row) throw new AppError('GIFT_CODE_EXISTS', 'A gift code with this text already exists', [{ path: 'code', message: 'Choose another code' }]);
        await audit.write(tx, by, 'gift_code.create', `gift_code_${row.id}`, origin, { after: toGiftCode(row) });
        return toGiftCode(row);
      });
    },

    /** An admin pauses a code for good (audited): no redemption after it commits. */
    async pauseGiftCode(id: number, by: OperatorPrincipal, origin: RequestOrigin): Promise<GiftCode> {
      return withTransaction(db, async (tx) => {
        const before = await repo.lockGiftCodeById(tx, id);
        if (!before) throw new AppError('GIFT_CODE_NOT_FOUND', 'No such gift code');
        if (before.paused) return toGiftCode(before);
        const after = await repo.setGiftCodePaused(tx, id);
        await audit.write(tx, by, 'gift_code.pause', `gift_code_${id}`, origin, { before: { paused: false }, after: { paused: true } });
        return toGiftCode(after);
      });
    },

    /**
     * A player redeems a code: under the code's row lock (every redemption of one code in turn),
     * it must run (not paused, not expired), its budget must pay one more bonus and the player be
     * under its cap; then the grant (eligibility in this same transaction), the redemption row and
     * the budget spent all commit together, or nothing does.
     */
    async redeem(playerId: number, input: RedeemGiftCodeInput): Promise<BonusGrant> {
      return withTransaction(db, async (tx) => {
        const code = await repo.lockGiftCodeByCode(tx, input.code);
        if (!code) throw new AppError('GIFT_CODE_NOT_FOUND', 'No such gift code');
        const now = clock.now();
        if (code.paused || code.expires_at.getTime() <= now.getTime() || code.budget_minor - code.spent_minor < code.bonus_minor) {
          throw new AppError('GIFT_CODE_UNAVAILABLE', 'This gift code can no longer be redeemed');
        }
        const redeemed = await repo.countRedemptions(tx, code.id, playerId);
        if (redeemed >= code.per_player_cap) throw new AppError('GIFT_CODE_CAP_REACHED', 'You already redeemed this gift code');
        const g = await grantIn(tx, {
          playerId,
          source: 'gift_code',
          sourceRef: code.code,
          amountMinor: code.bonus_minor,
          wageringMultiple: code.wagering_multiple,
          validDays: code.bonus_valid_days,
          termsVersion: input.termsVersion,
        });
        await repo.insertRedemption(tx, { codeId: code.id, playerId, n: redeemed + 1, grantId: g.id, at: now, bonusMinor: code.bonus_minor });
        return toView(tx, g);
      });
    },

    /** The settle job (under the leader lock): converts completed grants, expires grants past their time. */
    async settleDue(): Promise<{ converted: number; expired: number }> {
      const ids = new Set<string>(await repo.selectDueGrantIds(db, clock.now(), SETTLE_BATCH));
      for (const playerId of await repo.selectPlayersWithActiveGrants(db, SETTLE_BATCH)) {
        for (const g of await repo.selectGrants(db, playerId, { activeOnly: true })) ids.add(g.id);
      }
      let converted = 0;
      let expired = 0;
      for (const id of ids) {
        const r = await settleGrant(id);
        if (r === 'converted') converted += 1;
        if (r === 'expired') expired += 1;
      }
      return { converted, expired };
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
