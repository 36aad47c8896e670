import type { AdminLedgerPage, AdminPlayer, DepositsPage, KycStatus, KycSubmission, WingoBetsPage, WithdrawalsPage } from '@colorplay/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Tabs } from '../components/ui/tabs';
import { ApiError } from '../lib/api-client';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { adminApi, API_PATHS, fillPath } from './api';
import { t } from '../lib/i18n';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/** Read-only: the console has no way to change a balance, a bet or a result. */
export function PlayersPage() {
  const [query, setQuery] = useState('');
  const [player, setPlayer] = useState<AdminPlayer | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function find(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPlayer(null);
    try {
      setPlayer(await adminApi.get<AdminPlayer>(`${API_PATHS.admin_player_lookup}?q=${encodeURIComponent(query.trim())}`));
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section aria-labelledby="players-heading">
      <h1 id="players-heading">{t('admin.players.heading')}</h1>
      <form onSubmit={find} className="admin-row">
        <label htmlFor="player-q">{t('admin.players.search')}</label>
        <input id="player-q" value={query} onChange={(e) => setQuery(e.target.value)} inputMode="numeric" required />
        <button type="submit">{t('admin.players.find')}</button>
      </form>
      {error instanceof ApiError && error.code === 'NOT_FOUND' ? <p role="alert">{t('admin.players.notFound')}</p> : error ? <LoadError error={error} retry={() => setError(null)} /> : null}
      {player && <PlayerDetail player={player} />}
    </section>
  );
}

function PlayerDetail({ player }: { player: AdminPlayer }) {
  const id = player.id;
  return (
    <div>
      <h2>{t('admin.players.profile', { id, uid: player.uid, phone: player.phone, nickname: player.nickname ?? '-' })}</h2>
      <p>{t('admin.players.joined', { date: formatDateTimeIst(new Date(player.createdAt)) })}</p>
      <ul>
        {player.balances.map((b) => (
          <li key={b.accountCode}>{t('admin.players.balance', { account: b.accountCode, amount: formatMoneyMinor(b.balanceMinor, b.currency) })}</li>
        ))}
      </ul>
      <Tabs
        label={t('admin.players.tabs')}
        items={[
          { id: 'ledger', label: t('admin.players.tab.ledger'), panel: <LedgerTab playerId={id} /> },
          { id: 'deposits', label: t('admin.players.tab.deposits'), panel: <DepositsTab playerId={id} /> },
          { id: 'withdrawals', label: t('admin.players.tab.withdrawals'), panel: <WithdrawalsTab playerId={id} /> },
          { id: 'kyc', label: t('admin.players.tab.kyc'), panel: <KycTab playerId={id} /> },
          { id: 'bets', label: t('admin.players.tab.bets'), panel: <BetsTab playerId={id} /> },
        ]}
      />
    </div>
  );
}

function Rows({ rows, more }: { rows: ReactNode[] | undefined; more?: () => void }) {
  if (!rows) return <p>{t('admin.loading')}</p>;
  if (rows.length === 0) return <p>{t('admin.players.none')}</p>;
  return (
    <>
      <ul className="admin-list">{rows}</ul>
      {more && (
        <button type="button" onClick={more}>
          {t('admin.players.more')}
        </button>
      )}
    </>
  );
}

function LedgerTab({ playerId }: { playerId: number }) {
  const [pages, setPages] = useState<AdminLedgerPage[]>([]);
  const base = fillPath(API_PATHS.admin_player_ledger, { playerId });
  const first = useLoad(async (signal) => {
    const page = await adminApi.get<AdminLedgerPage>(base, signal);
    setPages([page]);
    return page;
  }, base);
  if (first.error) return <LoadError error={first.error} retry={first.reload} />;
  const last = pages.at(-1);
  const more = last?.nextCursor ? async () => setPages([...pages, await adminApi.get<AdminLedgerPage>(`${base}?before=${last.nextCursor}`)]) : undefined;
  return (
    <Rows
      rows={first.loading ? undefined : pages.flatMap((p) => p.items).map((e) => (
        <li key={e.id}>
          {t('admin.players.ledgerRow', { date: formatDateTimeIst(new Date(e.createdAt)), kind: e.kind, amount: formatMoneyMinor(e.amountMinor), balance: formatMoneyMinor(e.balanceAfterMinor) })}
        </li>
      ))}
      more={more}
    />
  );
}

function DepositsTab({ playerId }: { playerId: number }) {
  const list = useLoad((signal) => adminApi.get<DepositsPage>(fillPath(API_PATHS.admin_player_deposits, { playerId }), signal), String(playerId));
  if (list.error) return <LoadError error={list.error} retry={list.reload} />;
  return (
    <Rows
      rows={list.data?.items.map((d) => (
        <li key={d.id}>{t('admin.players.depositRow', { date: formatDateTimeIst(new Date(d.createdAt)), id: d.id, amount: formatMoneyMinor(d.amountMinor, d.currency), status: d.status })}</li>
      ))}
    />
  );
}

function WithdrawalsTab({ playerId }: { playerId: number }) {
  const list = useLoad((signal) => adminApi.get<WithdrawalsPage>(fillPath(API_PATHS.admin_player_withdrawals, { playerId }), signal), String(playerId));
  if (list.error) return <LoadError error={list.error} retry={list.reload} />;
  return (
    <Rows
      rows={list.data?.items.map((w) => (
        <li key={w.id}>{t('admin.players.withdrawalRow', { date: formatDateTimeIst(new Date(w.createdAt)), id: w.id, amount: formatMoneyMinor(w.amountMinor), status: w.status })}</li>
      ))}
    />
  );
}

function KycTab({ playerId }: { playerId: number }) {
  const kyc = useLoad(
    (signal) => adminApi.get<{ status: KycStatus; submissions: KycSubmission[] }>(fillPath(API_PATHS.admin_player_kyc, { playerId }), signal),
    String(playerId),
  );
  if (kyc.error) return <LoadError error={kyc.error} retry={kyc.reload} />;
  if (!kyc.data) return <p>{t('admin.loading')}</p>;
  return <p>{t('admin.players.kycStatus', { status: kyc.data.status.status })}</p>;
}

function BetsTab({ playerId }: { playerId: number }) {
  const list = useLoad((signal) => adminApi.get<WingoBetsPage>(fillPath(API_PATHS.admin_player_bets, { playerId }), signal), String(playerId));
  if (list.error) return <LoadError error={list.error} retry={list.reload} />;
  return (
    <Rows
      rows={list.data?.items.map((b) => (
        <li key={b.id}>
          {t('admin.players.betRow', { date: formatDateTimeIst(b.placedAtMs), period: b.period, selection: b.selection, amount: formatMoneyMinor(b.totalMinor), status: b.status })}
        </li>
      ))}
    />
  );
}
