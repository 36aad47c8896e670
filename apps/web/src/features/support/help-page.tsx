import { SUPPORT_CATEGORIES, SUPPORT_MAX_OPEN_TICKETS, type SupportCategory, type SupportLink, type SupportThread, type SupportTicket } from '@colorplay/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { fileToBase64 } from '../../lib/file-base64';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n, type Translate } from '../../lib/i18n';
import { refetchResource, setResourceData, useResource } from '../../lib/resource';
import { fetchAttachment, linkFromQuery, openTicket, reopenTicket, replyToTicket, resolveTicket, SUPPORT_TICKETS_KEY, ticketKey, ticketResource, ticketsResource } from './api';
import { useSupportLive } from './live';
import './support-i18n';
import './support.css';

/** The category a "Report a problem" link suggests for its record. */
const CATEGORY_OF_LINK: Record<SupportLink['kind'], SupportCategory> = { deposit: 'deposit', withdrawal: 'withdrawal', bet: 'game', kyc: 'kyc' };
const MAX_FILES = 3;

/** The player's words for a failed support call. */
function errorText(t: Translate, err: unknown): string {
  const code = err instanceof ApiError ? err.code : null;
  if (code === 'SUPPORT_TICKET_NOT_FOUND') return t('support.error.notFound');
  if (code === 'SUPPORT_STATE_CONFLICT') return t('support.error.conflict');
  if (code === 'SUPPORT_LINK_INVALID') return t('support.error.link');
  if (code === 'SUPPORT_TOO_MANY_OPEN') return t('support.error.tooManyOpen', { count: SUPPORT_MAX_OPEN_TICKETS });
  if (code === 'SUPPORT_ATTACHMENT_TYPE_INVALID') return t('support.error.fileType');
  if (code === 'SUPPORT_ATTACHMENT_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE') return t('support.error.fileSize');
  return t('support.error.generic');
}

const time = (iso: string) => <time dateTime={iso}>{formatDateTimeIst(Date.parse(iso))}</time>;

/**
 * Account › Help (/main/Help, docs/support.md): the standing notice, a new ticket (linked to a
 * record when a "Report a problem" link opened the page with `?report=kind:id`), the player's
 * tickets, and one ticket's thread (`?ticket=`), kept current over the player's socket.
 */
export function HelpPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const ticketId = params.get('ticket');
  // One socket for the page: a changed ticket is read again (the list, and the open thread).
  useSupportLive((changed) => {
    void refetchResource(SUPPORT_TICKETS_KEY);
    if (ticketId !== null && (changed === null || changed === ticketId)) void refetchResource(ticketKey(ticketId));
  });
  return (
    <main className="page help">
      <TopBar title={t('support.title')} backTo={ticketId === null ? paths.account.getHref() : paths.help.getHref()} />
      <section className="help__notice" role="note" aria-labelledby="help-notice-title">
        <h2 id="help-notice-title">{t('support.notice.title')}</h2>
        <p>{t('support.notice')}</p>
      </section>
      {ticketId === null ? <HelpHome link={linkFromQuery(params.get('report'))} /> : <TicketThread ticketId={ticketId} />}
    </main>
  );
}

function HelpHome({ link }: { link: SupportLink | null }) {
  const { t } = useI18n();
  const tickets = useResource(ticketsResource);
  return (
    <div className="help__home">
      <NewTicketForm link={link} />
      <section aria-labelledby="help-tickets-title">
        <h2 id="help-tickets-title" className="help__heading">
          {t('support.myTickets')}
        </h2>
        {tickets.data?.length === 0 && <p>{t('support.none')}</p>}
        {tickets.error !== undefined && <p role="alert">{errorText(t, tickets.error)}</p>}
        <ul className="help__tickets">
          {tickets.data?.map((ticket) => (
            <li key={ticket.id}>
              <Link to={paths.help.getHref({ ticket: ticket.id })} className="help__ticket">
                <span>{t(`support.category.${ticket.category}`)}</span>
                <span className={`help__status help__status--${ticket.status}`}>{t(`support.status.${ticket.status}`)}</span>
                <small>{time(ticket.updatedAt)}</small>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Reads up to three chosen files as attachments. */
async function attachmentsOf(files: File[]) {
  return Promise.all(files.slice(0, MAX_FILES).map(async (file) => ({ base64: await fileToBase64(file), fileName: file.name.slice(0, 200) })));
}

function NewTicketForm({ link }: { link: SupportLink | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [category, setCategory] = useState<SupportCategory>(link ? CATEGORY_OF_LINK[link.kind] : 'other');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || message.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const thread = await openTicket({ category, message: message.trim(), ...(link ? { link } : {}), ...(files.length > 0 ? { attachments: await attachmentsOf(files) } : {}) });
      setResourceData<SupportThread>(ticketKey(thread.id), thread);
      void refetchResource(SUPPORT_TICKETS_KEY);
      navigate(paths.help.getHref({ ticket: thread.id }));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="help__form" onSubmit={(e) => void submit(e)} aria-labelledby="help-contact-title">
      <h2 id="help-contact-title" className="help__heading">
        {t('support.contact')}
      </h2>
      {link && (
        <p className="help__about">
          {t('support.about')}: <strong>{t(`support.link.${link.kind}`, { id: link.id })}</strong>
        </p>
      )}
      <label className="field">
        <span className="field__label">{t('support.category')}</span>
        <select className="field__input" value={category} onChange={(e) => setCategory(e.target.value as SupportCategory)}>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`support.category.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('support.message')}</span>
        <textarea className="field__input help__text" value={message} maxLength={2000} required onChange={(e) => setMessage(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{t('support.attach')}</span>
        <input type="file" accept="image/jpeg,image/png,application/pdf" multiple onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, MAX_FILES))} />
      </label>
      {error && <p role="alert" className="form-error">{error}</p>}
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {busy ? t('support.sending') : t('support.send')}
      </button>
    </form>
  );
}

function TicketThread({ ticketId }: { ticketId: string }) {
  const { t } = useI18n();
  const ticket = useResource(ticketResource(ticketId));
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = ticket.data;

  async function act(call: () => Promise<SupportThread>, after?: () => void) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setResourceData<SupportThread>(ticketKey(ticketId), await call());
      void refetchResource(SUPPORT_TICKETS_KEY);
      after?.();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  /** Saves one of the ticket's files: fetched with the player's token, handed over as a download. */
  async function download(attachmentId: string, fileName: string) {
    setError(null);
    try {
      const url = URL.createObjectURL(await fetchAttachment(ticketId, attachmentId));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  if (!data) return ticket.error !== undefined ? <p role="alert">{errorText(t, ticket.error)}</p> : <p>{t('common.loading')}</p>;
  // The window's end is shown; a late click is refused by the server (SUPPORT_STATE_CONFLICT).
  const canReopen = data.status === 'resolved' && data.finalResponse === null && data.reopenableUntil !== null;
  return (
    <section className="help__thread" aria-labelledby="help-thread-title">
      <Link to={paths.help.getHref()}>{t('support.allTickets')}</Link>
      <h2 id="help-thread-title" className="help__heading">
        {t('support.ticket', { id: data.id })}
      </h2>
      <TicketFacts ticket={data} />
      <ol className="help__messages" aria-live="polite">
        {data.messages.map((m) => (
          <li key={m.id} className={`help__message help__message--${m.author}`}>
            <p className="help__author">
              <strong>{m.author === 'player' ? t('support.you') : t('support.staff')}</strong> {time(m.at)}
            </p>
            <p className="help__body">{m.body}</p>
            {m.attachments.map((a, i) => (
              <p key={a.id} className="help__file">
                <button type="button" className="help__file-open" onClick={() => void download(a.id, a.fileName ?? `${t('support.attachment', { n: i + 1 })}`)}>
                  {t('support.attachment', { n: i + 1 })}: {a.fileName ?? a.contentType}
                </button>
              </p>
            ))}
          </li>
        ))}
      </ol>
      {data.finalResponse && (
        <section className="help__final" aria-labelledby="help-final-title">
          <h3 id="help-final-title">{t('support.final.title')}</h3>
          <p>
            {t('support.final.outcome')}: <strong>{t(`support.final.${data.finalResponse.outcome}`)}</strong>
          </p>
          <p className="help__body">{data.finalResponse.text}</p>
          <h4>{t('support.final.adr')}</h4>
          <p className="help__body">{data.finalResponse.adrText}</p>
        </section>
      )}
      {error && <p role="alert" className="form-error">{error}</p>}
      {data.status !== 'resolved' && (
        <>
          <form
            className="help__form"
            onSubmit={(e) => {
              e.preventDefault();
              if (reply.trim() !== '') void act(() => replyToTicket(ticketId, { message: reply.trim() }), () => setReply(''));
            }}
          >
            <label className="field">
              <span className="field__label">{t('support.reply')}</span>
              <textarea className="field__input help__text" value={reply} maxLength={2000} required onChange={(e) => setReply(e.target.value)} />
            </label>
            <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
              {t('support.sendReply')}
            </button>
          </form>
          <div className="help__actions">
            <button type="button" className="button button--ghost" aria-disabled={busy || undefined} onClick={() => void act(() => resolveTicket(ticketId))}>
              {t('support.resolve')}
            </button>
          </div>
        </>
      )}
      {canReopen && (
        <div className="help__actions">
          <p className="help__about">{t('support.reopenUntil', { time: formatDateTimeIst(Date.parse(data.reopenableUntil!)) })}</p>
          <button type="button" className="button button--ghost" aria-disabled={busy || undefined} onClick={() => void act(() => reopenTicket(ticketId))}>
            {t('support.reopen')}
          </button>
        </div>
      )}
    </section>
  );
}

function TicketFacts({ ticket }: { ticket: SupportTicket }) {
  const { t } = useI18n();
  return (
    <dl className="help__facts">
      <div>
        <dt>{t('support.category')}</dt>
        <dd>{t(`support.category.${ticket.category}`)}</dd>
      </div>
      <div>
        <dt>{t('support.statusLabel')}</dt>
        <dd className={`help__status help__status--${ticket.status}`}>{t(`support.status.${ticket.status}`)}</dd>
      </div>
      {ticket.link && (
        <div>
          <dt>{t('support.about')}</dt>
          <dd>{t(`support.link.${ticket.link.kind}`, { id: ticket.link.id })}</dd>
        </div>
      )}
      {ticket.complaint && (
        <div>
          <dt>{t('support.complaint')}</dt>
          <dd>✓</dd>
        </div>
      )}
      {ticket.responseDueAt && (
        <div>
          <dt>{t('support.expected', { hours: ticket.expectedResponseHours })}</dt>
          <dd>{t('support.due', { time: formatDateTimeIst(Date.parse(ticket.responseDueAt)) })}</dd>
        </div>
      )}
    </dl>
  );
}
