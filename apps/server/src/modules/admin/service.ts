import type { AlertKind } from '@colorplay/contract';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../auth';
import type { AdjustmentsService } from '../adjustments';
import type { DepositsService } from '../deposits';
import type { KycService } from '../kyc';
import type { LotteryService } from '../lottery';
import type { SafetyService } from '../safety';
import type { UsdtDepositsService } from '../usdt-deposits';
import type { WithdrawalsService } from '../withdrawals';
import { createAccountControls } from './account-controls';
import { createAccountLinks } from './account-links';
import { createAuditLog } from './audit';
import { createOperators } from './operators';
import { createPlayerLookup } from './player-lookup';
import { createReviews } from './reviews';
import { createSignIn } from './sign-in';

export type { RequestOrigin } from './audit';
export { AUDIT_CSV_HEADER } from './audit';
export { toOperator, type OperatorPrincipal } from './operators';

export type AdminDeps = {
  db: Db;
  clock: Clock;
  /** Seals TOTP secrets (the server's token secret). */
  secret: string;
  limiter: RateLimiter;
  deposits: DepositsService;
  /**
   * The withdrawals and KYC services, looked up when needed: app.ts builds them beside this one
   * and the console only calls their index functions.
   */
  withdrawals: () => WithdrawalsService;
  kyc: () => KycService;
  /** The USDT channel when it is on; off, its review queue is empty and decisions find nothing. */
  usdt: UsdtDepositsService | undefined;
  /** A player's bets, for the player lookup. */
  lottery: Pick<LotteryService, 'myBets' | 'playerBets'>;
  /**
   * Responsible gambling (decision 210): the console reads a player's controls and changes none of
   * the player's own; it suspends and lifts (decision 420) through the same controls row.
   */
  safety: Pick<SafetyService, 'state' | 'history' | 'frequentRefusals' | 'suspension' | 'suspend' | 'liftSuspension' | 'closure' | 'close' | 'addInteractionNote' | 'interactionNotes'>;
  /** Operators' balance adjustments (decision 421). */
  adjustments: AdjustmentsService;
};

/**
 * The operator console's one service: every console route, read or write, goes through it, and
 * it alone reaches the other modules' indexes. Each job is its own file: operators and
 * enrolment (operators.ts), sign-in and sessions (sign-in.ts), the review queues (reviews.ts),
 * the read-only player lookup (player-lookup.ts) and the audit log with its alerts (audit.ts),
 * which the others write through.
 */
export function createAdminService(deps: AdminDeps) {
  const { db, clock, secret, limiter } = deps;
  const audit = createAuditLog({ db, clock });
  const { write: _write, raiseAlert: _raiseAlert, ...auditReads } = audit;
  const links = createAccountLinks({ db, clock, audit });
  return {
    ...createOperators({ db, clock, secret, limiter, audit }),
    ...createSignIn({ db, clock, secret, limiter, audit }),
    ...createReviews({ db, audit, deposits: deps.deposits, withdrawals: deps.withdrawals, kyc: deps.kyc, usdt: deps.usdt }),
    ...createPlayerLookup({ db, clock, deposits: deps.deposits, usdt: deps.usdt, withdrawals: deps.withdrawals, kyc: deps.kyc, lottery: deps.lottery, safety: deps.safety, links }),
    ...links,
    ...createAccountControls({ db, audit, safety: deps.safety, adjustments: deps.adjustments }),
    ...auditReads,
    /**
     * An alert raised by the server itself, not by an operator's action (another module's
     * finding, e.g. TRON providers that disagree, decision 386): no operator, no request.
     */
    raiseSystemAlert: (kind: AlertKind, target: string, details: Record<string, unknown>) => audit.raiseAlert(db, kind, { id: null, username: null }, target, { ip: null, userAgent: null }, details),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
