import type { PlayerAnnouncement, PlayerAnnouncements } from '@colorplay/contract';
import { API_PATHS } from '@colorplay/contract/paths';
import type { Locale } from './i18n';
import { setResourceData, type ResourceSpec } from './resource';
import { authedApi } from './session';

/**
 * Operator announcements (decision 458), shared by the home page's line and the inbox: one
 * resource, so reading one in either place updates both.
 */
export const announcementsResource: ResourceSpec<PlayerAnnouncements> = {
  key: 'announcements',
  staleMs: 60_000,
  fetch: async (signal) => (await authedApi.get<{ data: PlayerAnnouncements }>(API_PATHS.announcements, { signal })).data,
};

/** The title and text in the language the player reads now (operators write both). */
export function announcementText(a: PlayerAnnouncement, locale: Locale): { title: string; body: string } {
  return { title: a.title[locale], body: a.body[locale] };
}

/** Marks one read on the server, then everywhere it shows. */
export async function markAnnouncementRead(id: string): Promise<void> {
  await authedApi.post(API_PATHS.announcement_read.replace(':id', id));
  markAnnouncementsReadLocally((a) => a.id === id);
}

/** After a read (one, or "Mark all as read"), without asking the server again. */
export function markAnnouncementsReadLocally(which: (a: PlayerAnnouncement) => boolean): void {
  setResourceData<PlayerAnnouncements>(announcementsResource.key, (d) => ({ items: (d?.items ?? []).map((a) => (which(a) ? { ...a, read: true } : a)) }));
}
