/**
 * "After login, return to the page the player wanted" (decision 015). The wanted page travels in the
 * `next` query parameter of /login. Only same-app paths are accepted, so a crafted link cannot
 * send a player who just logged in to another site (open redirect).
 */

export const RETURN_TO_PARAM = 'next';

/** `/login?next=…` for a path (with its query) the player could not open while logged out. */
export function loginHrefFor(loginPath: string, wanted: string): string {
  if (!isSafeReturnPath(wanted) || wanted === '/') return loginPath;
  return `${loginPath}?${RETURN_TO_PARAM}=${encodeURIComponent(wanted)}`;
}

/** A path inside this app: one leading slash, no scheme, no protocol-relative `//host`. */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // Control characters could be read by a browser as part of a scheme or host.
  return ![...value].some((ch) => ch.charCodeAt(0) < 0x20);
}

/** Where to go after login: the `next` parameter if it is safe, otherwise the fallback. */
export function returnPathFrom(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get(RETURN_TO_PARAM);
  return isSafeReturnPath(next) ? next : fallback;
}
