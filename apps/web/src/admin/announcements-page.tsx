import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_KINDS,
  ANNOUNCEMENT_SEGMENTS,
  ANNOUNCEMENT_TITLE_MAX,
  type AdminAnnouncement,
  type AnnouncementInput,
  type OperatorSession,
} from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { formatDateTimeIst } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, fillPath } from './api';
import { istToIso } from './ist-time';
import { adminErrorText } from './i18n';
import './i18n';
import { ListTable, useListActions } from './list-table';
import { FormError, type FormFailure } from './load-error';
import { useLoad } from './use-load';

/** Now (plus `hours`) as a `datetime-local` value in India time. */
const istLocal = (hours = 0) => new Date(Date.now() + (5.5 + hours) * 3600_000).toISOString().slice(0, 16);

function stateOf(a: AdminAnnouncement, now: number): 'paused' | 'scheduled' | 'running' | 'ended' {
  if (Date.parse(a.endsAt) <= now) return 'ended';
  if (a.paused) return 'paused';
  return Date.parse(a.startsAt) > now ? 'scheduled' : 'running';
}

/**
 * Announcements (decision 458): notices to players in English and Hindi, for everyone or a
 * segment, shown from their start to their end in the inbox and as one line on the home page.
 * Every operator sees them; an admin schedules, pauses and resumes (each audited).
 */
export function AnnouncementsPage({ session }: { session: OperatorSession }) {
  const canManage = session.permissions.includes('announcements.manage');
  // The states (scheduled, showing, ended) are as of when the list was read.
  const list = useLoad(async (signal) => ({ ...(await adminApi.get<{ items: AdminAnnouncement[] }>(LAZY_API_PATHS.admin_announcements, signal)), at: Date.now() }), '');
  const actions = useListActions(list.reload);
  const setPaused = (a: AdminAnnouncement, paused: boolean) =>
    actions.run(
      () => adminApi.post(fillPath(paused ? LAZY_API_PATHS.admin_announcement_pause : LAZY_API_PATHS.admin_announcement_resume, { id: a.id })),
      t(paused ? 'admin.ann.paused' : 'admin.ann.resumed', { title: a.titleEn }),
    );

  return (
    <section aria-labelledby="ann-heading">
      <h1 id="ann-heading">{t('admin.ann.heading')}</h1>
      <p>{t('admin.ann.help')}</p>
      {canManage && <AnnouncementForm onCreated={(a) => actions.done(t('admin.ann.created', { title: a.titleEn }))} />}
      <h2>{t('admin.ann.listHeading')}</h2>
      {actions.notices}
      <ListTable list={list} label={t('admin.ann.listHeading')} caption={t('admin.ann.caption')} none={t('admin.ann.none')} columns={
        <>
          <th scope="col">{t('admin.ann.col.title')}</th>
          <th scope="col">{t('admin.ann.col.kind')}</th>
          <th scope="col">{t('admin.ann.col.segment')}</th>
          <th scope="col">{t('admin.ann.col.window')}</th>
          <th scope="col">{t('admin.ann.col.state')}</th>
          {canManage && <th scope="col">{t('admin.ann.col.actions')}</th>}
        </>
      }>
        {(items) =>
          items.map((a) => {
            const state = stateOf(a, list.data!.at);
            return (
              <tr key={a.id}>
                <th scope="row">
                  {a.titleEn}
                  <br />
                  <span lang="hi">{a.titleHi}</span>
                </th>
                <td>{t(`admin.ann.kind.${a.kind}`)}</td>
                <td>{t(`admin.ann.segment.${a.segment}`)}</td>
                <td>{t('admin.ann.window', { from: formatDateTimeIst(new Date(a.startsAt)), to: formatDateTimeIst(new Date(a.endsAt)) })}</td>
                <td>{t(`admin.ann.state.${state}`)}</td>
                {canManage && (
                  <td>
                    {state !== 'ended' && (
                      <button type="button" onClick={() => void setPaused(a, !a.paused)} aria-label={t(a.paused ? 'admin.ann.resumeLabel' : 'admin.ann.pauseLabel', { title: a.titleEn })}>
                        {t(a.paused ? 'admin.ann.resume' : 'admin.ann.pause')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })
        }
      </ListTable>
    </section>
  );
}

type Draft = Omit<AnnouncementInput, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };

function AnnouncementForm({ onCreated }: { onCreated: (a: AdminAnnouncement) => void }) {
  const id = useId();
  const blank = (): Draft => ({ kind: 'service', segment: 'all', titleEn: '', bodyEn: '', titleHi: '', bodyHi: '', startsAt: istLocal(), endsAt: istLocal(24) });
  const [draft, setDraft] = useState<Draft>(blank);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormFailure | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await adminApi.post<AdminAnnouncement>(LAZY_API_PATHS.admin_announcements, { ...draft, startsAt: istToIso(draft.startsAt), endsAt: istToIso(draft.endsAt) });
      setDraft(blank());
      onCreated(created);
    } catch (err) {
      setError({ text: adminErrorText(err), issues: err instanceof ApiError ? (err.issues ?? []) : [] });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'titleEn' | 'titleHi' | 'bodyEn' | 'bodyHi', lang: 'en' | 'hi') => {
    const long = name.startsWith('body');
    const props = { id: `${id}-${name}`, value: draft[name], onChange: set(name), required: true, lang, maxLength: long ? ANNOUNCEMENT_BODY_MAX : ANNOUNCEMENT_TITLE_MAX };
    return (
      <>
        <label htmlFor={props.id}>{t(`admin.ann.field.${name}`)}</label>
        {long ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      </>
    );
  };

  return (
    <form onSubmit={submit} className="admin-form" aria-label={t('admin.ann.formHeading')}>
      <h2>{t('admin.ann.formHeading')}</h2>
      <label htmlFor={`${id}-kind`}>{t('admin.ann.col.kind')}</label>
      <select id={`${id}-kind`} value={draft.kind} onChange={set('kind')}>
        {ANNOUNCEMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`admin.ann.kind.${k}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-segment`}>{t('admin.ann.col.segment')}</label>
      <select id={`${id}-segment`} value={draft.segment} onChange={set('segment')}>
        {ANNOUNCEMENT_SEGMENTS.map((s) => (
          <option key={s} value={s}>
            {t(`admin.ann.segment.${s}`)}
          </option>
        ))}
      </select>
      {field('titleEn', 'en')}
      {field('bodyEn', 'en')}
      {field('titleHi', 'hi')}
      {field('bodyHi', 'hi')}
      <label htmlFor={`${id}-starts`}>{t('admin.ann.field.startsAt')}</label>
      <input id={`${id}-starts`} type="datetime-local" value={draft.startsAt} onChange={set('startsAt')} required />
      <label htmlFor={`${id}-ends`}>{t('admin.ann.field.endsAt')}</label>
      <input id={`${id}-ends`} type="datetime-local" value={draft.endsAt} onChange={set('endsAt')} required />
      <button type="submit" disabled={busy}>
        {t('admin.ann.schedule')}
      </button>
      <FormError error={error} />
    </form>
  );
}
