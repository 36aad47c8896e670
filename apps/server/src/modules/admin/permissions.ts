import type { OperatorRole } from '@colorplay/contract';

/**
 * Who may do what in the console: one action per route, and the roles allowed it. Support reads
 * everything and decides KYC (checking an identity document moves no money); finance moves money
 * (deposit, USDT review and withdrawal decisions) and reads; admin does everything, including operators.
 * Nothing here, or anywhere in the console, edits a balance, a bet or a game result.
 */
export const PERMISSIONS = {
  'session.read': ['admin', 'finance', 'support'],
  'players.read': ['admin', 'finance', 'support'],
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
} as const satisfies Record<string, readonly OperatorRole[]>;

export type AdminAction = keyof typeof PERMISSIONS;

export function isAllowed(role: OperatorRole, action: AdminAction): boolean {
  return (PERMISSIONS[action] as readonly OperatorRole[]).includes(role);
}

/** The actions a role may take, for the console to hide what it cannot do. */
export function permissionsOf(role: OperatorRole): AdminAction[] {
  return (Object.keys(PERMISSIONS) as AdminAction[]).filter((a) => isAllowed(role, a));
}
