/** Balance adjustments' rules (decision 421): pure, no I/O. */

/** How many approvals an adjustment of `amountMinor` needs: two from the second-approval amount on. */
export function approvalsNeeded(amountMinor: number, secondApprovalMinor: number): 1 | 2 {
  return amountMinor >= secondApprovalMinor ? 2 : 1;
}

/** The player's side of the transfer: positive for a credit, negative for a debit. */
export function playerSideMinor(direction: 'credit' | 'debit', amountMinor: number): number {
  return direction === 'credit' ? amountMinor : -amountMinor;
}

/** What a second approval meets: the adjustment as it is, and who approves. */
export type ApprovalVerdict = 'ok' | 'already_applied' | 'same_operator';

export function secondApprovalVerdict(a: { status: 'awaiting_second_approval' | 'applied'; approvers: readonly number[] }, operatorId: number): ApprovalVerdict {
  if (a.status === 'applied') return 'already_applied';
  if (a.approvers.includes(operatorId)) return 'same_operator';
  return 'ok';
}
