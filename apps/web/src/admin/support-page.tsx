import {
  COMPLAINT_OUTCOMES,
  type ComplaintOutcome,
  type OperatorSession,
  type SupportAdminThread,
  type SupportCannedReply,
  type SupportQueueItem,
  type SupportStatus,
} from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { adminApi, apiUrl, fillPath } from './api';
import { adminErrorText } from './i18n';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

const STATUSES: readonly SupportStatus[] = ['open', 'waiting_player', 'resolved'];

const ageText = (seconds: number) => t('admin.support.age', { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60) });
const when = (iso: string) => <time dateTime={iso}>{formatDateTimeIst(Date.parse(iso))}</time>;

/**
 * The support queue (docs/admin.md, "Support"): unresolved tickets by default, the most urgent
 * (earliest answer due) first, with their age, SLA due time (overdue marked) and assignee.
 */
export function SupportQueuePage() {
  const [status, setStatus] = useState<SupportStatus | ''>('');
  const [assignee, setAssignee] = useState<'' | 'me' | 'none'>('');
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(assignee ? { assignee } : {}) }).toString();
  const list = useLoad((signal) => adminApi.get<{ items: SupportQueueItem[] }>(`${LAZY_API_PATHS.admin_support_tickets}${query ? `?${query}` : ''}`, signal), query);
  return (
    <section aria-labelledby="support-heading">
      <h1 id="support-heading">{t('admin.support.heading')}</h1>
      <div className="admin-row">
        <label>
          {t('admin.support.status')}{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as SupportStatus | '')}>
            <option value="">{t('admin.support.status.unresolved')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.support.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('admin.support.assignee')}{' '}
          <select value={assignee} onChange={(e) => setAssignee(e.target.value as '' | 'me' | 'none')}>
            <option value="">{t('admin.support.assignee.all')}</option>
            <option value="me">{t('admin.support.assignee.me')}</option>
            <option value="none">{t('admin.support.assignee.none')}</option>
          </select>
        </label>
      </div>
      {list.error ? <LoadError error={list.error} retry={list.reload} /> : null}
      {list.data?.items.length === 0 && <p>{t('admin.support.none')}</p>}
      {list.data && list.data.items.length > 0 && (
        <div className="admin-scroll" role="region" aria-label={t('admin.support.caption')} tabIndex={0}>
          <table className="admin-table">
            <caption>{t('admin.support.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.support.col.ticket')}</th>
                <th scope="col">{t('admin.support.col.category')}</th>
                <th scope="col">{t('admin.support.status')}</th>
                <th scope="col">{t('admin.support.col.age')}</th>
                <th scope="col">{t('admin.support.col.due')}</th>
                <th scope="col">{t('admin.support.assignee')}</th>
                <th scope="col">{t('admin.support.col.player')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.id} className={item.overdue ? 'admin-support--overdue' : undefined}>
                  <th scope="row">
                    <Link to={`/support/${item.id}`}>{item.id}</Link>
                  </th>
                  <td>
                    {item.category}
                    {item.complaint && ` · ${t('admin.support.complaint')}`}
                  </td>
                  <td>{t(`admin.support.status.${item.status}`)}</td>
                  <td>{ageText(item.ageSeconds)}</td>
                  <td>
                    {item.responseDueAt ? when(item.responseDueAt) : '—'}
                    {item.overdue && <strong className="admin-support__overdue"> {t('admin.support.overdue')}</strong>}
                  </td>
                  <td>{item.assignee ?? '—'}</td>
                  <td>{item.playerId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One ticket: facts, the linked record one tap away, the thread (notes set apart) and the actions the role allows. */
export function SupportTicketPage({ session }: { session: OperatorSession }) {
  const { ticketId = '' } = useParams();
  const canReply = session.permissions.includes('support.reply');
  const loaded = useLoad((signal) => adminApi.get<SupportAdminThread>(fillPath(LAZY_API_PATHS.admin_support_ticket, { ticketId }), signal), ticketId);
  const [ticket, setTicket] = useState<SupportAdminThread | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = ticket?.id === ticketId ? ticket : loaded.data;

  async function act(path: string, body?: unknown) {
    setError(null);
    setNotice(null);
    try {
      setTicket(await adminApi.post<SupportAdminThread>(fillPath(path, { ticketId }), body));
      setNotice(t('admin.support.done'));
      return true;
    } catch (err) {
      setError(adminErrorText(err));
      return false;
    }
  }

  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />;
  if (!data) return <p role="status">{t('admin.loading')}</p>;
  return (
    <section aria-labelledby="support-ticket-heading">
      <Link to="/support">{t('admin.support.back')}</Link>
      <h1 id="support-ticket-heading">{t('admin.support.ticket', { id: data.id })}</h1>
      <dl className="admin-facts">
        <dt>{t('admin.support.col.player')}</dt>
        <dd>{t('admin.support.player', { id: data.playerId, language: data.language })}</dd>
        <dt>{t('admin.support.col.category')}</dt>
        <dd>{data.category}</dd>
        <dt>{t('admin.support.status')}</dt>
        <dd>
          {t(`admin.support.status.${data.status}`)}
          {data.complaint && ` · ${t('admin.support.complaint')}`}
        </dd>
        <dt>{t('admin.support.col.age')}</dt>
        <dd>{ageText(data.ageSeconds)}</dd>
        <dt>{t('admin.support.col.due')}</dt>
        <dd>
          {data.responseDueAt ? when(data.responseDueAt) : '—'}
          {data.overdue && <strong className="admin-support__overdue"> {t('admin.support.overdue')}</strong>}
        </dd>
        <dt>{t('admin.support.assignee')}</dt>
        <dd>{data.assignee ?? '—'}</dd>
      </dl>
      {data.link && <LinkedRecord playerId={data.playerId} kind={data.link.kind} id={data.link.id} />}
      <h2>{t('admin.support.thread')}</h2>
      <ol className="admin-support__thread">
        {data.messages.map((m) => (
          <li key={m.id} className={m.internal ? 'admin-support__note' : m.author === 'operator' ? 'admin-support__reply' : 'admin-support__player'}>
            <p>
              <strong>{m.internal ? t('admin.support.internal') : m.author === 'player' ? t('admin.support.fromPlayer') : t('admin.support.fromOperator', { username: m.operator ?? '' })}</strong> {when(m.at)}
            </p>
            <p className="admin-support__body">{m.body}</p>
            {m.attachments.map((a) => (
              <p key={a.id}>
                <a href={apiUrl(fillPath(LAZY_API_PATHS.admin_support_attachment, { ticketId: data.id, attachmentId: a.id }))} target="_blank" rel="noreferrer">
                  {t('admin.support.attachment', { name: a.fileName ?? a.contentType })}
                </a>
              </p>
            ))}
          </li>
        ))}
      </ol>
      {data.finalResponse && (
        <section aria-labelledby="support-final-given">
          <h2 id="support-final-given">{t('admin.support.final.heading')}</h2>
          <p>
            {t('admin.support.final.outcome')}: {t(`admin.support.final.${data.finalResponse.outcome}`)}
          </p>
          <p className="admin-support__body">{data.finalResponse.text}</p>
          <p>{t('admin.support.final.adr', { text: data.finalResponse.adrText })}</p>
        </section>
      )}
      {notice && <p role="status">{notice}</p>}
      {error && <p role="alert">{error}</p>}
      {canReply && (
        <div className="admin-row">
          {data.assigneeId !== session.operator.id && (
            <button type="button" onClick={() => void act(LAZY_API_PATHS.admin_support_assign)}>
              {t('admin.support.assignMe')}
            </button>
          )}
          {data.status !== 'resolved' && (
            <button type="button" onClick={() => void act(LAZY_API_PATHS.admin_support_resolve)}>
              {t('admin.support.resolve')}
            </button>
          )}
        </div>
      )}
      {canReply && data.status !== 'resolved' && <ReplyForm language={data.language} onSend={(body) => act(LAZY_API_PATHS.admin_support_messages, body)} />}
      {canReply && !data.finalResponse && <FinalResponseForm onSend={(body) => act(LAZY_API_PATHS.admin_support_complaint, body)} />}
    </section>
  );
}

function ReplyForm({ language, onSend }: { language: 'en' | 'hi'; onSend: (body: { message: string; internal: boolean }) => Promise<boolean> }) {
  const canned = useLoad((signal) => adminApi.get<{ items: SupportCannedReply[] }>(LAZY_API_PATHS.admin_support_canned, signal), 'canned');
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (message.trim() !== '' && (await onSend({ message: message.trim(), internal }))) setMessage('');
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="admin-form">
      <label>
        {t('admin.support.canned')}{' '}
        <select
          value=""
          onChange={(e) => {
            // The player's language chooses the text; the operator may edit it before sending.
            const reply = canned.data?.items.find((c) => c.id === e.target.value);
            if (reply) setMessage(reply[language]);
          }}
        >
          <option value="">{t('admin.support.cannedNone')}</option>
          {canned.data?.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('admin.support.message')}
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} required rows={4} />
      </label>
      <label>
        <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} /> {t('admin.support.asNote')}
      </label>
      <button type="submit">{t('admin.support.send')}</button>
    </form>
  );
}

function FinalResponseForm({ onSend }: { onSend: (body: { outcome: ComplaintOutcome; text: string }) => Promise<boolean> }) {
  const [outcome, setOutcome] = useState<ComplaintOutcome>('not_upheld');
  const [text, setText] = useState('');
  return (
    <form
      className="admin-form"
      aria-labelledby="support-final-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void onSend({ outcome, text: text.trim() });
      }}
    >
      <h2 id="support-final-heading">{t('admin.support.final.heading')}</h2>
      <p>{t('admin.support.final.help')}</p>
      <label>
        {t('admin.support.final.outcome')}{' '}
        <select value={outcome} onChange={(e) => setOutcome(e.target.value as ComplaintOutcome)}>
          {COMPLAINT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`admin.support.final.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('admin.support.final.text')}
        <textarea value={text} onChange={(e) => setText(e.target.value)} minLength={10} maxLength={2000} required rows={4} />
      </label>
      <button type="submit">{t('admin.support.final.send')}</button>
    </form>
  );
}

type RecordFacts = { id: string; status?: string; amountMinor?: number; totalMinor?: number; createdAt?: string; submittedAt?: string };

/** The linked record, read from the player's records on demand (the same console reads the player page uses). */
function LinkedRecord({ playerId, kind, id }: { playerId: number; kind: 'deposit' | 'withdrawal' | 'bet' | 'kyc'; id: string }) {
  const [shown, setShown] = useState<RecordFacts | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  async function show() {
    setError(null);
    try {
      const params = { playerId };
      let items: RecordFacts[];
      if (kind === 'kyc') items = (await adminApi.get<{ submissions: RecordFacts[] }>(fillPath(LAZY_API_PATHS.admin_player_kyc, params))).submissions;
      else {
        // A deposit is a UPI order (dep_…) or a USDT order (usdt_…), each read from its own list.
        const deposits = id.startsWith('usdt_') ? LAZY_API_PATHS.admin_player_usdt_deposits : LAZY_API_PATHS.admin_player_deposits;
        const path = kind === 'deposit' ? deposits : kind === 'withdrawal' ? LAZY_API_PATHS.admin_player_withdrawals : LAZY_API_PATHS.admin_player_lottery_bets;
        items = (await adminApi.get<{ items: RecordFacts[] }>(`${fillPath(path, params)}?limit=50`)).items;
      }
      setShown(items.find((r) => r.id === id) ?? null);
    } catch (err) {
      setError(adminErrorText(err));
    }
  }
  const amount = shown?.amountMinor ?? shown?.totalMinor;
  const at = shown?.createdAt ?? shown?.submittedAt;
  return (
    <section aria-labelledby="support-linked-heading">
      <h2 id="support-linked-heading">{t('admin.support.linked')}</h2>
      <button type="button" onClick={() => void show()}>
        {t('admin.support.showLinked', { kind, id })}
      </button>
      {error && <p role="alert">{error}</p>}
      {shown === null && <p>{t('admin.support.linkedMissing')}</p>}
      {shown && (
        <dl className="admin-facts">
          <dt>{t('admin.support.rec.id')}</dt>
          <dd>{shown.id}</dd>
          {shown.status && (
            <>
              <dt>{t('admin.support.status')}</dt>
              <dd>{shown.status}</dd>
            </>
          )}
          {amount !== undefined && (
            <>
              <dt>{t('admin.support.rec.amount')}</dt>
              <dd>{formatMoneyMinor(amount)}</dd>
            </>
          )}
          {at && (
            <>
              <dt>{t('admin.support.rec.at')}</dt>
              <dd>{when(at)}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
