import type { SupportLink, SupportOpenInput, SupportReplyInput, SupportThread, SupportTicket } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { env } from '../../config/env';
import { ApiError } from '../../lib/api-client';
import type { ResourceSpec } from '../../lib/resource';
import { authedApi, readStoredToken, refreshSession } from '../../lib/session';

/** Resource keys: the list, and one entry per ticket (`support:<id>`). */
export const SUPPORT_TICKETS_KEY = 'support-tickets';
export const ticketKey = (ticketId: string) => `support:${ticketId}`;

const ticketPath = (template: string, ticketId: string) => template.replace(':ticketId', encodeURIComponent(ticketId));

/** The player's tickets, the most recently changed first. */
export const ticketsResource: ResourceSpec<SupportTicket[]> = {
  key: SUPPORT_TICKETS_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: { items: SupportTicket[] } }>(LAZY_API_PATHS.support_tickets, { signal })).data.items,
};

/** One ticket and its thread (the live socket says when to read it again). */
export const ticketResource = (ticketId: string): ResourceSpec<SupportThread> => ({
  key: ticketKey(ticketId),
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: SupportThread }>(ticketPath(LAZY_API_PATHS.support_ticket, ticketId), { signal })).data,
});

export const openTicket = async (input: SupportOpenInput) => (await authedApi.post<{ data: SupportThread }>(LAZY_API_PATHS.support_tickets, input)).data;
export const replyToTicket = async (ticketId: string, input: SupportReplyInput) =>
  (await authedApi.post<{ data: SupportThread }>(ticketPath(LAZY_API_PATHS.support_ticket_messages, ticketId), input)).data;
export const resolveTicket = async (ticketId: string) => (await authedApi.post<{ data: SupportThread }>(ticketPath(LAZY_API_PATHS.support_ticket_resolve, ticketId))).data;
export const reopenTicket = async (ticketId: string) => (await authedApi.post<{ data: SupportThread }>(ticketPath(LAZY_API_PATHS.support_ticket_reopen, ticketId))).data;

const LINK_KINDS: readonly SupportLink['kind'][] = ['deposit', 'withdrawal', 'bet', 'kyc'];

/** `?report=withdrawal:wd_…` (the "Report a problem" links) as a typed link, or null. */
export function linkFromQuery(value: string | null): SupportLink | null {
  const [kind, id] = (value ?? '').split(':');
  return kind && id && (LINK_KINDS as readonly string[]).includes(kind) ? { kind: kind as SupportLink['kind'], id } : null;
}

/**
 * The bytes of a file on the player's own ticket. The route wants the bearer token, which a plain
 * link cannot send, so the page fetches it (one refresh and retry on a 401, as authedApi does) and
 * hands the browser a download of the blob (decision 483).
 */
export async function fetchAttachment(ticketId: string, attachmentId: string): Promise<Blob> {
  const url = env.apiBaseUrl + ticketPath(LAZY_API_PATHS.support_attachment, ticketId).replace(':attachmentId', encodeURIComponent(attachmentId));
  const get = () => fetch(url, { headers: { Authorization: `Bearer ${readStoredToken() ?? ''}` }, credentials: 'include' });
  let response = await get();
  if (response.status === 401 && (await refreshSession()) === 'refreshed') response = await get();
  if (!response.ok) throw new ApiError('UNEXPECTED_RESPONSE', `The attachment answered ${response.status}`, response.status);
  return response.blob();
}
