import type { AdminLedgerPage, AdminLimitHits, AdminPlayer, AdminPlayerSafety, AnyLotteryGameId, DepositsPage, KycStatus, KycSubmission, OperatorSession, PlayerLotteryBetsPage, WithdrawalsPage } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { ALL_LOTTERY_GAMES } from '@colorplay/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Tabs } from '../components/ui/tabs';
import { ApiError } from '../lib/api-client';
import { formatDateTimeIst, formatMoneyMinor } from '../lib/format';
import { AccountControls } from './account-controls';
import { AdjustmentsPanel } from './adjustments-panel';
import { BonusesTab } from './bonuses-tab';
import { LinksPanel } from './links-panel';
import { RgNotesPanel } from './rg-notes-panel';
import { adminApi, fillPath } from './api';
import { t } from '../lib/i18n';
import './i18n';
import { LoadError } from './load-error';
import { useLoad } from './use-load';

/**
 * The console changes no bet or result and edits no balance: support and admin suspend an account,
 * admin and finance post balance adjustments as ledger transfers (decisions 420-421).
 */
export function PlayersPage({ session }: { session: OperatorSession }) {
  const [query, setQuery] = useState('');
  const [player, setPlayer] = useState<AdminPlayer | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function find(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setPlayer(null);
    try {
      setPlayer(await adminApi.get<AdminPlayer>(`${LAZY_API_PATHS.admin_player_lookup}?q=${encodeURIComponent(query.trim())}`));
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
      {player && <PlayerDetail player={player} session={session} />}
      <LimitHits />
    </section>
  );
}

/** Players refused by a responsible-gambling control three times or more in 30 days (decision 210). */
function LimitHits() {
  const list = useLoad((signal) => adminApi.get<AdminLimitHits>(`${LAZY_API_PATHS.admin_limit_hits}?days=30&minHits=3`, signal), 'limit-hits');
  return (
    <section aria-labelledby="limit-hits-heading">
      <h2 id="limit-hits-heading">{t('admin.safety.hits')}</h2>
      {list.error ? (
        <LoadError error={list.error} retry={list.reload} />
      ) : (
        <Rows
          rows={list.data?.items.map((h) => (
            <li key={h.playerId}>{t('admin.safety.hit', { id: h.playerId, hits: h.hits, kinds: h.kinds.join(', '), date: formatDateTimeIst(new Date(h.lastAt)) })}</li>
          ))}
        />
      )}
    </section>
  );
}

function PlayerDetail({ player, session }: { player: AdminPlayer; session: OperatorSession }) {
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
      <AccountControls playerId={id} session={session} />
      <AdjustmentsPanel playerId={id} session={session} />
      <RgNotesPanel playerId={id} session={session} />
      <LinksPanel playerId={id} session={session} />
      <Tabs
        label={t('admin.players.tabs')}
        items={[
          { id: 'ledger', label: t('admin.players.tab.ledger'), panel: <LedgerTab playerId={id} /> },
          { id: 'deposits', label: t('admin.players.tab.deposits'), panel: <DepositsTab playerId={id} /> },
          { id: 'withdrawals', label: t('admin.players.tab.withdrawals'), panel: <WithdrawalsTab playerId={id} /> },
          { id: 'kyc', label: t('admin.players.tab.kyc'), panel: <KycTab playerId={id} /> },
          { id: 'bets', label: t('admin.players.tab.bets'), panel: <BetsTab playerId={id} /> },
          { id: 'safety', label: t('admin.players.tab.safety'), panel: <SafetyTab playerId={id} /> },
          ...(session.permissions.includes('promotions.read') ? [{ id: 'bonuses', label: t('admin.players.tab.bonuses'), panel: <BonusesTab playerId={id} /> }] : []),
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
  const base = fillPath(LAZY_API_PATHS.admin_player_ledger, { playerId });
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
  const list = useLoad((signal) => adminApi.get<DepositsPage>(fillPath(LAZY_API_PATHS.admin_player_deposits, { playerId }), signal), String(playerId));
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
  const list = useLoad((signal) => adminApi.get<WithdrawalsPage>(fillPath(LAZY_API_PATHS.admin_player_withdrawals, { playerId }), signal), String(playerId));
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
    (signal) => adminApi.get<{ status: KycStatus; submissions: KycSubmission[] }>(fillPath(LAZY_API_PATHS.admin_player_kyc, { playerId }), signal),
    String(playerId),
  );
  if (kyc.error) return <LoadError error={kyc.error} retry={kyc.reload} />;
  if (!kyc.data) return <p>{t('admin.loading')}</p>;
  return <p>{t('admin.players.kycStatus', { status: kyc.data.status.status })}</p>;
}

/** The player's bets of every lottery game (decision 363): one row each with its game, newest first. */
function BetsTab({ playerId }: { playerId: number }) {
  const gameId = useId();
  const [game, setGame] = useState<AnyLotteryGameId | 'all'>('all');
  const [pages, setPages] = useState<PlayerLotteryBetsPage[]>([]);
  const base = fillPath(LAZY_API_PATHS.admin_player_lottery_bets, { playerId });
  const url = (before?: string) => `${base}?${new URLSearchParams({ ...(game === 'all' ? {} : { game }), ...(before ? { before } : {}) }).toString()}`;
  const first = useLoad(async (signal) => {
    const page = await adminApi.get<PlayerLotteryBetsPage>(url(), signal);
    setPages([page]);
    return page;
  }, `${base}:${game}`);
  const last = pages.at(-1);
  const more = last?.nextCursor ? async () => setPages([...pages, await adminApi.get<PlayerLotteryBetsPage>(url(last.nextCursor!))]) : undefined;
  const items = pages.flatMap((p) => p.items);
  return (
    <>
      <label htmlFor={gameId}>{t('admin.players.bets.game')}</label>{' '}
      <select id={gameId} value={game} onChange={(e) => setGame(e.target.value as AnyLotteryGameId | 'all')}>
        <option value="all">{t('admin.players.bets.allGames')}</option>
        {ALL_LOTTERY_GAMES.map((g) => (
          <option key={g} value={g}>
            {t(`admin.game.${g}`)}
          </option>
        ))}
      </select>
      {first.error ? (
        <LoadError error={first.error} retry={first.reload} />
      ) : first.loading ? (
        <p>{t('admin.loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('admin.players.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              {(['placed', 'game', 'room', 'period', 'selection', 'amount', 'status', 'payout'] as const).map((c) => (
                <th key={c} scope="col">
                  {t(`admin.players.bets.col.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((b) => (
              <tr key={b.id}>
                <td>{formatDateTimeIst(b.placedAtMs)}</td>
                <td>{t(`admin.game.${b.game}`)}</td>
                <td>{b.roomId}</td>
                <td>{b.period}</td>
                <td>{b.selection}</td>
                <td>{formatMoneyMinor(b.totalMinor)}</td>
                <td>{b.outcome ? t('admin.players.bets.statusWith', { status: b.status, outcome: b.outcome.join(' ') }) : b.status}</td>
                <td>{formatMoneyMinor(b.payoutMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && (
        <button type="button" onClick={more}>
          {t('admin.players.more')}
        </button>
      )}
    </>
  );
}

/**
 * The player's responsible-gambling controls and every change of them (decision 210). Read-only by
 * design: no operator can set, lift or shorten a limit, a break or an exclusion.
 */
function SafetyTab({ playerId }: { playerId: number }) {
  const view = useLoad((signal) => adminApi.get<AdminPlayerSafety>(fillPath(LAZY_API_PATHS.admin_player_safety, { playerId }), signal), String(playerId));
  if (view.error) return <LoadError error={view.error} retry={view.reload} />;
  if (!view.data) return <p>{t('admin.loading')}</p>;
  const { state, changes } = view.data;
  const money = (minor: number | null) => (minor === null ? t('admin.safety.none') : formatMoneyMinor(minor, state.currency));
  return (
    <div>
      <p>{t('admin.safety.block', { kind: state.block.kind, until: state.block.until ? formatDateTimeIst(new Date(state.block.until)) : '-' })}</p>
      <p>{t('admin.safety.realityCheck', { minutes: state.realityCheckMinutes ?? '-' })}</p>
      <ul>
        {state.limits
          .filter((l) => l.amountMinor !== null || l.pending)
          .map((l) => (
            <li key={`${l.kind}:${l.period}`}>
              {t('admin.safety.limit', { kind: l.kind, period: l.period, amount: money(l.amountMinor), used: money(l.usedMinor), pending: l.pending ? money(l.pending.amountMinor) : '-' })}
            </li>
          ))}
      </ul>
      <p>
        {t('admin.safety.net', {
          d30: money(state.netDeposits.last30DaysMinor),
          m12: money(state.netDeposits.last12MonthsMinor),
          all: money(state.netDeposits.allTimeMinor),
        })}
      </p>
      <h3>{t('admin.safety.changes')}</h3>
      <Rows rows={changes.map((c) => <li key={c.id}>{t('admin.safety.change', { date: formatDateTimeIst(new Date(c.at)), action: c.action, detail: JSON.stringify(c.detail) })}</li>)} />
    </div>
  );
}
