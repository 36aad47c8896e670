/** Console constants without zod, so the web console imports them alone (see admin.ts). */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
/** A page of another site cannot set a custom header without a CORS preflight we refuse. */
export const ADMIN_CSRF_HEADER = 'x-colorplay-admin';
export const ADMIN_CSRF_VALUE = '1';
/** The operator session cookie (httpOnly, SameSite=Strict, path /api/admin). */
export const ADMIN_SESSION_COOKIE = 'cp_admin';

/** Every action the audit log records (the console's filter offers exactly these). */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'deposit.approve',
  'deposit.reject',
  'usdt.approve',
  'usdt.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'kyc.verify',
  'kyc.reject',
  'kyc.document_view',
  'operator.create',
  'operator.enrol',
  'operator.disable',
  'operator.countersign',
  'password.change',
  'audit.export',
  'reports.export',
  'alert.raise',
  'lottery.retire_chains',
  'reconciliation.import',
  'reconciliation.resolve',
  'player.suspend',
  'player.suspension_lift',
  'player.close',
  'adjustment.request',
  'adjustment.approve',
  'player.rg_note',
  'player.link_decision',
  // Support tickets (docs/support.md): every operator action on a ticket.
  'support.reply',
  'support.note',
  'support.assign',
  'support.resolve',
  'support.complaint',
  'support.attachment_view',
  'announcement.create',
  'announcement.pause',
  'announcement.resume',
  'gift_code.create',
  'gift_code.pause',
  'first_deposit_offer.create',
  'first_deposit_offer.pause',
  'check_in_settings.update',
] as const;

/**
 * What the console raises for someone to look at (decision 195): an approval refused because the
 * approvers are not independent, a replayed or stale enrolment link, a PAN verified on another
 * account too.
 */
export const ALERT_KINDS = ['approval_not_independent', 'approvers_share_creator', 'enrolment_link_reused', 'pan_shared', 'tron_providers_disagree', 'deposit_limit_passed', 'reconciliation_difference', 'accounts_linked'] as const;
/** The path of the console page that completes an enrolment; the token follows after `#`. */
export const ADMIN_ENROL_PAGE = '/admin/enrol';

/** Why an operator credits or debits a balance (decision 421). */
export const ADJUSTMENT_REASONS = ['goodwill', 'payment_correction', 'game_malfunction', 'duplicate_credit', 'chargeback', 'other'] as const;

/** Why two accounts are linked (decision 430): each is a fact both accounts share. */
export const LINK_REASONS = ['payout_upi', 'payout_bank', 'pan', 'device', 'registration_ip'] as const;
/** An operator's decision on a link (decision 431); the newest one for a pair is in force. */
export const LINK_DECISIONS = ['not_related', 'same_person', 'needs_more_review'] as const;
/** Two accounts registered from one address this close together are linked (decision 430). */
export const LINK_REGISTRATION_WINDOW_HOURS = 72;
