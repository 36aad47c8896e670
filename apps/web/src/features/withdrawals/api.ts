import type {
  AddPayoutMethodInput,
  KycStatus,
  KycSubmitInput,
  PayoutMethod,
  PayoutMethodList,
  RequestWithdrawalInput,
  WithdrawInfo,
  Withdrawal,
  WithdrawalsPage,
} from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import type { InfiniteSpec } from '../../lib/infinite-resource';
import type { ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/** Resource keys: `withdrawals` prefixes the history pages; the others are single entries. */
export const WITHDRAWALS_KEY = 'withdrawals';
export const WITHDRAW_INFO_KEY = 'withdraw-info';
export const PAYOUT_METHODS_KEY = 'payout-methods';
export const KYC_KEY = 'kyc';

/** Withdrawals per history page (the server allows 1..50). */
const WITHDRAWALS_PAGE_SIZE = 20;

/** What can be withdrawn now, the limits, the fee and the KYC status. Always read fresh. */
export const withdrawInfoResource: ResourceSpec<WithdrawInfo> = {
  key: WITHDRAW_INFO_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: WithdrawInfo }>(API_PATHS.withdraw_info, { signal })).data,
};

/** The player's saved payout methods. */
export const payoutMethodsResource: ResourceSpec<PayoutMethodList> = {
  key: PAYOUT_METHODS_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: PayoutMethodList }>(API_PATHS.payout_methods, { signal })).data,
};

/** The player's identity check. */
export const kycResource: ResourceSpec<KycStatus> = {
  key: KYC_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: KycStatus }>(API_PATHS.kyc_status, { signal })).data,
};

/** The get-withdrawals call for one page. */
function withdrawalsPagePath(before: string | null, limit = WITHDRAWALS_PAGE_SIZE): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (before) search.set('before', before);
  return `${API_PATHS.get_withdrawals}?${search.toString()}`;
}

/** The player's withdrawals, newest first, as a paged resource. */
export const withdrawalHistoryResource: InfiniteSpec<WithdrawalsPage> = {
  key: `${WITHDRAWALS_KEY}:history`,
  staleMs: 0,
  fetchPage: async (cursor, signal) => (await authedApi.get<{ data: WithdrawalsPage }>(withdrawalsPagePath(cursor), { signal })).data,
  nextCursor: (page) => page.nextCursor,
};

/** Saves a payout method and returns it (an answer with the whole list gives its newest entry). */
export async function addPayoutMethod(input: AddPayoutMethodInput): Promise<PayoutMethod> {
  const { data } = await authedApi.post<{ data: PayoutMethod | PayoutMethodList }>(API_PATHS.payout_methods, input);
  if (!('items' in data)) return data;
  const newest = [...data.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!newest) throw new Error('the payout method list came back empty after adding one');
  return newest;
}

/** Removes a saved payout method (past withdrawals keep their summary); answers the methods left. */
export async function removePayoutMethod(methodId: string): Promise<PayoutMethodList> {
  return (await authedApi.post<{ data: PayoutMethodList }>(API_PATHS.remove_payout_method, { methodId })).data;
}

/** Moves the amount from the main wallet to the withdrawal hold; a retry with the same key moves nothing twice. */
export async function requestWithdrawal(input: RequestWithdrawalInput): Promise<Withdrawal> {
  return (await authedApi.post<{ data: Withdrawal }>(API_PATHS.request_withdrawal, input)).data;
}

/** Cancels a withdrawal still waiting (requested or under review): the money goes back. */
export async function cancelWithdrawal(withdrawalId: string): Promise<Withdrawal> {
  return (await authedApi.post<{ data: Withdrawal }>(API_PATHS.cancel_withdrawal, { withdrawalId })).data;
}

// A document of a few MB on a slow phone connection takes longer than an ordinary call.
const KYC_UPLOAD_TIMEOUT_MS = 120_000;

/** Sends name, date of birth, PAN and the document (base64) for review. */
export async function submitKyc(input: KycSubmitInput): Promise<KycStatus> {
  return (await authedApi.post<{ data: KycStatus }>(API_PATHS.kyc_submit, input, { timeoutMs: KYC_UPLOAD_TIMEOUT_MS })).data;
}
