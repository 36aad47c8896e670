import type { LotteryChainFairness, LotteryGameId } from '@colorplay/contract';
import { LOTTERY_ROUTE_GAMES } from '@colorplay/contract/lottery-constants';
import type { GameVerifyResult, RevealedLinkResult, verifyGameRound } from '@colorplay/fair';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TopBar } from '../../../components/ui/top-bar';
import { env } from '../../../config/env';
import { useI18n } from '../../../lib/i18n';
import { useResource } from '../../../lib/resource';
import { ListState } from '../records';
import type { ReceiptCommitment, verifyLockedLink } from '../verify-page';
import { VoidedRounds } from '../voided-rounds';
import '../wingo.css';
import { lotteryFairnessResource, lotteryFairnessUrl } from './api';
import './i18n';
import { lotteryGameHref } from './links';
import { OutcomeValues } from './outcome';
import { type LoadTrxChecker, TrxVerification } from './verify-trx';

/**
 * Recomputes a K3 or 5D round in this browser with `@colorplay/fair` (decision 348), as the Wingo
 * verify screen does: the link against the previous one and the final hash, the beacon signature,
 * and the values read from HMAC-SHA256(link, game:period:randomness) by the game's draw. The
 * server's claimed outcome is only the thing checked.
 */
/** `@colorplay/fair`'s game checker, loaded on demand (the route passes where from, decision 345). */
export type LoadChecker = () => Promise<typeof verifyGameRound>;
/** Wingo's check of a locked round's link (decision 380), loaded on demand from the same chunk (decision 436). */
export type LoadLinkChecker = () => Promise<typeof verifyLockedLink>;

export async function verifyLotteryFairness(data: LotteryChainFairness, loadChecker: LoadChecker, receipt?: ReceiptCommitment): Promise<GameVerifyResult> {
  const b = data.beacon;
  const check = await loadChecker();
  return check({
    finalHash: receipt?.finalHash ?? data.finalHash,
    link: data.link ?? '',
    period: data.period,
    game: data.game,
    outcome: data.outcome ?? undefined,
    draw: data.draw,
    previousLink: data.previousLink ?? undefined,
    roundIndex: receipt?.roundIndex ?? data.roundIndex,
    beacon: {
      publicKey: b?.publicKey ?? '',
      round: b?.round ?? 0,
      signature: b?.signature ?? '',
      randomness: b?.randomness ?? undefined,
      genesisMs: b?.genesisMs ?? 0,
      periodMs: b?.periodMs ?? 0,
      marginMs: b?.marginMs ?? 0,
      locksAtMs: data.locksAtMs,
    },
  });
}

type Loaders = { loadChecker: LoadChecker; loadLinkChecker: LoadLinkChecker };

function Verification({ data, loaders, receipt }: { data: LotteryChainFairness; loaders: Loaders; receipt: ReceiptCommitment | undefined }) {
  const { t } = useI18n();
  const [result, setResult] = useState<GameVerifyResult | RevealedLinkResult | null>(null);
  // A locked round publishes its link (decision 380): it is checked alone, as on Wingo's screen.
  const locked = data.status === 'locked' && data.link !== null;
  const drawn = data.status !== 'voided' && data.status !== 'locked' && data.link !== null && data.beacon !== null;
  useEffect(() => {
    if (!drawn && !locked) return;
    let live = true;
    const run = locked ? loaders.loadLinkChecker().then((check) => check(data, receipt)) : verifyLotteryFairness(data, loaders.loadChecker, receipt);
    void run.then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [data, drawn, locked, loaders, receipt]);

  const stepLabel = (name: (GameVerifyResult | RevealedLinkResult)['checks'][number]['name']) =>
    name === 'input'
      ? t('verify.step.input')
      : name === 'link'
        ? data.previousLink === null
          ? t('verify.step.linkFirst')
          : t('verify.step.link')
        : name === 'chain'
          ? t('verify.step.chain', { k: receipt?.roundIndex ?? data.roundIndex })
          : name === 'beacon'
            ? t('verify.step.beacon', { round: data.beacon?.round ?? '—' })
            : t('lg.verify.step.outcome');
  const statusLabel = (status: 'passed' | 'failed' | 'skipped') =>
    status === 'passed' ? t('verify.status.passed') : status === 'failed' ? t('verify.status.failed') : t('verify.status.skipped');
  const failure = (f: (GameVerifyResult | RevealedLinkResult)['failure']) => (f === 'WRONG_OUTCOME' ? t('lg.verify.wrongOutcome') : t(`verify.failure.${f ?? 'MALFORMED_INPUT'}`));

  return (
    <>
      <dl className="verify-data">
        <dt>{t('verify.finalHash')}</dt>
        <dd className="verify-hash">{receipt?.finalHash ?? data.finalHash}</dd>
        <dt>{t('verify.roundIndex')}</dt>
        <dd>{data.roundIndex}</dd>
        <dt>{t('verify.link')}</dt>
        <dd className="verify-hash">{data.link ?? '—'}</dd>
        <dt>{t('verify.previousLink')}</dt>
        <dd className="verify-hash">{data.previousLink ?? '—'}</dd>
        <dt>{t('verify.beaconRound')}</dt>
        <dd>{data.beacon ? `${data.beacon.round} (${data.beacon.name})` : '—'}</dd>
        <dt>{t('verify.beaconSignature')}</dt>
        <dd className="verify-hash">{data.beacon?.signature ?? '—'}</dd>
        <dt>{t('lg.verify.claimed')}</dt>
        <dd>{data.outcome ? <OutcomeValues game={data.game} outcome={data.outcome} size="sm" /> : data.status === 'locked' ? t('verify.notDrawn') : t('wingo.voided')}</dd>
      </dl>
      {!drawn && !locked ? (
        <p role="status">{data.status === 'locked' ? t('verify.locked', { round: data.beacon?.round ?? '—' }) : t('lg.verify.voided')}</p>
      ) : !result ? (
        <p role="status">{t('verify.running')}</p>
      ) : (
        <>
          <h2 className="wingo-subtitle">{t('verify.steps')}</h2>
          <ol className="verify-steps">
            {result.checks.map((check) => (
              <li key={check.name} className={`verify-step verify-step--${check.status}`}>
                {stepLabel(check.name)}: <strong>{statusLabel(check.status)}</strong>
              </li>
            ))}
          </ol>
          {locked && <p>{t('verify.locked', { round: data.beacon?.round ?? '—' })}</p>}
          <p role="status" className={`verify-verdict verify-verdict--${result.ok ? 'ok' : 'fail'}`}>
            {result.ok && locked
              ? t('verify.lockedOk')
              : result.ok
                ? t('lg.verify.ok', { period: data.period, values: ('derivation' in result ? result.derivation?.values.join(' ') : null) ?? '—' })
                : t('verify.fail', { reason: failure(result.failure) })}
          </p>
        </>
      )}
    </>
  );
}

/** /home/AllLotteryGames/VerifyGame?game=k3|5d|trx&period=.. */
export function LotteryVerifyPage({ loadChecker, loadLinkChecker, loadTrxChecker }: Loaders & { loadTrxChecker: LoadTrxChecker }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  // The constant list, not the contract's schema: zod stays out of the lottery screens' chunk (decision 370).
  const gameParam = params.get('game');
  const game = LOTTERY_ROUTE_GAMES.find((id): id is LotteryGameId => id === gameParam) ?? null;
  const period = params.get('period');
  const valid = game !== null && period !== null && /^\d{15}$/.test(period);
  const fairness = useResource(valid ? lotteryFairnessResource(game, period) : null);
  const final = params.get('final');
  const k = params.get('k');
  const receipt = useMemo(() => (final && k && /^\d+$/.test(k) ? { finalHash: final, roundIndex: Number(k) } : undefined), [final, k]);
  const loaders = useMemo(() => ({ loadChecker, loadLinkChecker }), [loadChecker, loadLinkChecker]);
  const back = lotteryGameHref(game ?? 'k3');
  const gameName = t(`lg.title.${game ?? 'k3'}`);
  return (
    <main className="page wingo">
      <TopBar title={t('verify.title')} backTo={back} />
      <div className="wingo-verify">
        {!valid ? (
          <p>{t('verify.missing')}</p>
        ) : (
          <>
            <p>{t('verify.room', { room: gameName, period })}</p>
            {fairness.data?.source === 'chain' ? (
              <Verification key={fairness.data.period} data={fairness.data} loaders={loaders} receipt={receipt} />
            ) : fairness.data?.source === 'tron' ? (
              <TrxVerification key={fairness.data.period} data={fairness.data} loadChecker={loadTrxChecker} />
            ) : (
              <ListState loading={fairness.loading || fairness.fetching} error={!!fairness.error} empty={false} retry={fairness.reload} />
            )}
            <a className="button button--ghost" href={env.apiBaseUrl + lotteryFairnessUrl(game, period)} target="_blank" rel="noreferrer">
              {t('lg.verify.record')}
            </a>
            {fairness.data && <VoidedRounds game={game} room={fairness.data.roomId} />}
          </>
        )}
        <Link className="button button--ghost verify-back" to={back}>
          {t('lg.verify.back', { game: gameName })}
        </Link>
      </div>
    </main>
  );
}
