import type { OperatorRole } from '@colorplay/contract';

/**
 * Who may do what in the console: one action per route, and the roles allowed it. Support reads
 * everything and decides KYC (checking an identity document moves no money); finance moves money
 * (deposit, USDT review and withdrawal decisions) and reads; admin does everything, including operators.
 * Support and admin suspend accounts; only admin closes one. Nothing here, or anywhere in the console, edits a balance, a bet or a game result.
 */
export const PERMISSIONS = {
  'session.read': ['admin', 'finance', 'support'],
  'players.read': ['admin', 'finance', 'support'],
  // Suspending an account (and lifting it) is a conduct decision, not a payment: support and
  // admin take it, finance does not (decision 420).
  'players.suspend': ['admin', 'support'],
  // Closing an account is final and decides the balance (paid out or held): admin only, and an
  // admin made in the console only once countersigned (decision 443).
  'players.close': ['admin'],
  // A balance adjustment moves money: admin and finance, never support (decision 421).
  'players.adjust': ['admin', 'finance'],
  // Every operator who talks to players keeps responsible-gambling interaction notes (decision 423).
  'players.rg_note': ['admin', 'finance', 'support'],
  // Linked accounts (decisions 430, 431): every operator sees them (finance reviews withdrawals
  // and needs them); deciding on a link is a conduct decision like a suspension: support and admin.
  'links.read': ['admin', 'finance', 'support'],
  'links.decide': ['admin', 'support'],
  'deposits.read': ['admin', 'finance', 'support'],
  'deposits.review': ['admin', 'finance'],
  'usdt.read': ['admin', 'finance', 'support'],
  'usdt.review': ['admin', 'finance'],
  'withdrawals.read': ['admin', 'finance', 'support'],
  'withdrawals.review': ['admin', 'finance'],
  'kyc.read': ['admin', 'finance', 'support'],
  'kyc.review': ['admin', 'support'],
  'audit.read': ['admin', 'finance', 'support'],
  'audit.export': ['admin', 'finance', 'support'],
  'operators.manage': ['admin'],
  'alerts.read': ['admin', 'finance', 'support'],
  // The business's figures (decision 410): finance and admin; support answers players, not the books.
  'reports.read': ['admin', 'finance'],
  // Reconciliation: support reads the work items; importing a settlement file and resolving an
  // item (which may credit a deposit) are finance's and admin's.
  'reconciliation.read': ['admin', 'finance', 'support'],
  'reconciliation.manage': ['admin', 'finance'],
  // Support tickets (decision 452): support and admin answer players; finance reads the queue
  // and threads (a ticket about a payment is its business) but does not write to players.
  'support.read': ['admin', 'finance', 'support'],
  'support.reply': ['admin', 'support'],
  // Announcements (decision 458): every operator sees what players are told; only an admin
  // writes to every player, or pauses it.
  'announcements.read': ['admin', 'finance', 'support'],
  'announcements.manage': ['admin'],
  // Gift codes (docs/promotions.md): every operator sees them; creating one commits the house's
  // money (its budget), so only an admin, and one made in the console only once countersigned.
  'promotions.read': ['admin', 'finance', 'support'],
  'promotions.manage': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type AdminAction = keyof typeof PERMISSIONS;

/**
 * What an admin or finance operator made in the console may not do until an admin of another
 * origin countersigned it (decision 395): move money, or make and countersign operators (so one
 * admin's own creations can never vouch for each other). It may read, and an admin decide KYC.
 */
export const COUNTERSIGNED_ACTIONS: readonly AdminAction[] = ['deposits.review', 'usdt.review', 'withdrawals.review', 'players.adjust', 'players.close', 'operators.manage', 'reconciliation.manage', 'promotions.manage'];

/** The roles that can approve money, and so need a countersignature when made in the console. */
export const MONEY_ROLES: readonly OperatorRole[] = ['admin', 'finance'];

/** Whether an operator awaits a countersignature: a money role, made in the console, not countersigned. */
export function awaitsCountersign(o: { role: OperatorRole; createdBy: number | null; countersignedAt: Date | null }): boolean {
  return MONEY_ROLES.includes(o.role) && o.createdBy !== null && o.countersignedAt === null;
}

/** Whether the role may take the action; an operator awaiting its countersignature may take fewer. */
export function isAllowed(role: OperatorRole, action: AdminAction, awaitingCountersign = false): boolean {
  if (awaitingCountersign && COUNTERSIGNED_ACTIONS.includes(action)) return false;
  return (PERMISSIONS[action] as readonly OperatorRole[]).includes(role);
}

/** The actions an operator may take, for the console to hide what it cannot do. */
export function permissionsOf(role: OperatorRole, awaitingCountersign = false): AdminAction[] {
  return (Object.keys(PERMISSIONS) as AdminAction[]).filter((a) => isAllowed(role, a, awaitingCountersign));
}
