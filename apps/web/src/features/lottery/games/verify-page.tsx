import type { LotteryChainFairness, LotteryGameId } from '@colorplay/contract';
import { LOTTERY_ROUTE_GAMES } from '@colorplay/contract/lottery-constants';
import type { GameVerifyResult, RevealedLinkResult, verifyGameRound } from '@colorplay/fair';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { env } from '../../../config/env';
import { useI18n } from '../../../lib/i18n';
import { useResource } from '../../../lib/resource';
import { ListState } from '../records';
import type { verifyLockedLink } from '../verify-page';
import { ChainFacts, CheckSteps, receiptOf, useCheck, VerifyFrame, type ReceiptCommitment } from '../verify-parts';
import { VoidedRounds } from '../voided-rounds';
import { fairnessResource, fairnessUrl } from '../api';
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
  // A locked round publishes its link (decision 380): it is checked alone, as on Wingo's screen.
  const locked = data.status === 'locked' && data.link !== null;
  const drawn = data.status !== 'voided' && data.status !== 'locked' && data.link !== null && data.beacon !== null;
  const result = useCheck<GameVerifyResult | RevealedLinkResult>(
    drawn || locked ? () => (locked ? loaders.loadLinkChecker().then((check) => check(data, receipt)) : verifyLotteryFairness(data, loaders.loadChecker, receipt)) : null,
    [data, drawn, locked, loaders, receipt],
  );
  const failure = (f: (GameVerifyResult | RevealedLinkResult)['failure']) => (f === 'WRONG_OUTCOME' ? t('lg.verify.wrongOutcome') : t(`verify.failure.${f ?? 'MALFORMED_INPUT'}`));

  // The conclusion first, the evidence under it (decision 481).
  return (
    <>
      {!drawn && !locked ? (
        <p role="status">{data.status === 'locked' ? t('verify.locked', { round: data.beacon?.round ?? '—' }) : t('lg.verify.voided')}</p>
      ) : !result ? (
        <p role="status">{t('verify.running')}</p>
      ) : (
        <p role="status" className={`verify-verdict verify-verdict--${result.ok ? 'ok' : 'fail'}`}>
          {result.ok && locked
            ? t('verify.lockedOk')
            : result.ok
              ? t('lg.verify.ok', { period: data.period, values: ('derivation' in result ? result.derivation?.values.join(' ') : null) ?? '—' })
              : t('verify.fail', { reason: failure(result.failure) })}
        </p>
      )}
      <ChainFacts
        data={data}
        finalHash={receipt?.finalHash ?? data.finalHash}
        claimedLabel={t('lg.verify.claimed')}
        claimed={data.outcome ? <OutcomeValues game={data.game} outcome={data.outcome} size="sm" /> : data.status === 'locked' ? t('verify.notDrawn') : t('wingo.voided')}
      />
      {(drawn || locked) && result && (
        <>
          <CheckSteps checks={result.checks} data={data} receipt={receipt} drawLabel={t('lg.verify.step.outcome')} />
          {locked && <p>{t('verify.locked', { round: data.beacon?.round ?? '—' })}</p>}
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
  const fairness = useResource(valid ? fairnessResource(game, period) : null);
  const final = params.get('final');
  const k = params.get('k');
  const receipt = useMemo(() => receiptOf(final, k), [final, k]);
  const loaders = useMemo(() => ({ loadChecker, loadLinkChecker }), [loadChecker, loadLinkChecker]);
  const back = lotteryGameHref(game ?? 'k3');
  const gameName = t(`lg.title.${game ?? 'k3'}`);
  return (
    <VerifyFrame back={back} backLabel={t('lg.verify.back', { game: gameName })} valid={valid}>
      <p>{t('verify.room', { room: gameName, period: period ?? '' })}</p>
      {fairness.data?.source === 'chain' ? (
        <Verification key={fairness.data.period} data={fairness.data} loaders={loaders} receipt={receipt} />
      ) : fairness.data?.source === 'tron' ? (
        <TrxVerification key={fairness.data.period} data={fairness.data} loadChecker={loadTrxChecker} />
      ) : (
        <ListState loading={fairness.loading || fairness.fetching} error={!!fairness.error} empty={false} retry={fairness.reload} />
      )}
      <a className="button button--ghost" href={env.apiBaseUrl + fairnessUrl(game ?? 'k3', period ?? '')} target="_blank" rel="noreferrer">
        {t('lg.verify.record')}
      </a>
      {fairness.data && game && <VoidedRounds game={game} room={fairness.data.roomId} />}
    </VerifyFrame>
  );
}
