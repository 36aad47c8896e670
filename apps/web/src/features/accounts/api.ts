import type { AuthResult, Language, Notification, NotificationsPage, UserInfo } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import { api } from '../../lib/api-client';
import { getLocale, setLocale, storedLocale } from '../../lib/i18n';
import type { InfiniteSpec } from '../../lib/infinite-resource';
import type { ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/** Account calls. Every path comes from the contract. */
export const ACCOUNT_PATHS = {
  logout: API_PATHS.logout,
  requestCode: API_PATHS.forgot_password_request_code,
  requestRegisterCode: API_PATHS.register_request_code,
  resetPassword: API_PATHS.forgot_password_reset,
  sandboxOutbox: API_PATHS.sandbox_sms_outbox,
  userInfo: API_PATHS.get_user_info,
  balance: API_PATHS.get_balance,
  notifications: API_PATHS.notifications,
} as const;

export type { AuthResult, Notification, NotificationsPage, UserInfo };

export interface RegisterFields {
  phone: string;
  /** The code sent by SMS to the phone (requestRegisterCode). */
  code: string;
  password: string;
  ageConfirmed: true;
  inviteCode?: string;
}

export async function login(phone: string, password: string): Promise<AuthResult> {
  return (await api.post<{ data: AuthResult }>(API_PATHS.login, { phone, password })).data;
}

export async function register(fields: RegisterFields): Promise<AuthResult> {
  return (await api.post<{ data: AuthResult }>(API_PATHS.register, fields)).data;
}

/** The answer to a code request; `sandboxHandle` only with the sandbox SMS channel. */
export interface CodeRequested {
  resendAfterSeconds: number;
  expiresInSeconds: number;
  sandboxHandle?: string;
}

export async function requestResetCode(phone: string): Promise<CodeRequested> {
  return (await api.post<{ data: CodeRequested }>(ACCOUNT_PATHS.requestCode, { phone })).data;
}

export async function requestRegisterCode(phone: string): Promise<CodeRequested> {
  return (await api.post<{ data: CodeRequested }>(ACCOUNT_PATHS.requestRegisterCode, { phone })).data;
}

export async function resetPassword(phone: string, code: string, newPassword: string): Promise<void> {
  await api.post(ACCOUNT_PATHS.resetPassword, { phone, code, newPassword });
}

export interface SandboxSms {
  phone: string;
  body: string;
  createdAt: string;
}

/**
 * The sandbox SMS sent for one code request, read with the handle that request returned (the
 * server never shows messages by phone number). Only the sandbox channel returns a handle.
 */
export async function readSandboxOutbox(handle: string): Promise<SandboxSms[] | null> {
  try {
    const res = await api.get<{ data: { messages: SandboxSms[] } }>(`${ACCOUNT_PATHS.sandboxOutbox}?handle=${encodeURIComponent(handle)}`);
    return res.data.messages;
  } catch {
    return null;
  }
}

/** The signed-in player's new password (decision 404); other sessions end, this one stays. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await authedApi.post(API_PATHS.change_password, { currentPassword, newPassword });
}

/** POST {avatar} with the bearer header. */
export async function updateAvatar(avatar: number): Promise<void> {
  await authedApi.post(API_PATHS.update_user_info, { avatar });
}

/** Saves the player's language to the account (decision 221), so it follows them to other devices. */
export async function saveLanguage(language: Language): Promise<void> {
  await authedApi.post(API_PATHS.update_user_info, { language });
}

/**
 * After login or registration: an account that chose a language brings it to this device; one
 * that never chose takes this device's choice. Failing to save is not worth an error: the device
 * keeps its choice and the next login tries again.
 */
export function syncLanguage(accountLanguage: Language | null): void {
  if (accountLanguage) {
    // Also when it is the language on screen: switching stores it on the device, which is what
    // ends the first-visit language bar (decision 479).
    if (accountLanguage !== getLocale() || storedLocale() === null) void setLocale(accountLanguage).catch(() => undefined);
    return;
  }
  const device = storedLocale();
  if (device) void saveLanguage(device).catch(() => undefined);
}

export async function markAllRead(): Promise<number> {
  return (await authedApi.post<{ data: { updated: number } }>(API_PATHS.mark_all_as_read)).data.updated;
}

export async function fetchNotifications(before: string | null, limit = 20, signal?: AbortSignal): Promise<NotificationsPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return (await authedApi.get<{ data: NotificationsPage }>(`${API_PATHS.notifications}?${query.toString()}`, { signal })).data;
}

/** Who the player is (the account page and the avatar picker share this one entry). */
export const userInfoResource: ResourceSpec<UserInfo> = {
  key: 'user-info',
  fetch: async (signal) => (await authedApi.get<{ data: UserInfo }>(API_PATHS.get_user_info, { signal })).data,
};

/** Resource keys of notifications; the unread count and the list both start with it. */
export const NOTIFICATIONS_KEY = 'notifications';

/** The unread count (the first page of one item carries it). */
export const unreadResource: ResourceSpec<NotificationsPage> = {
  key: `${NOTIFICATIONS_KEY}:unread`,
  fetch: (signal) => fetchNotifications(null, 1, signal),
};

/** The messages list, a page of 20 at a time. */
export const notificationsResource: InfiniteSpec<NotificationsPage> = {
  key: `${NOTIFICATIONS_KEY}:list`,
  staleMs: 0,
  fetchPage: (cursor, signal) => fetchNotifications(cursor, 20, signal),
  nextCursor: (page) => page.nextCursor,
};

/** The image of avatar n (static assets numbered 1 to 20). */
export function avatarSrc(n: number): string {
  return `/avatars/${n}.svg`;
}
