import type { WingoFairness } from '@colorplay/contract';
import { verifyRevealedLink, verifyRound, type RevealedLinkResult, type VerifyResult } from '@colorplay/fair';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { useResource } from '../../lib/resource';
import { fairnessResource } from './api';
import { ListState } from './records';
import { VoidedRounds } from './voided-rounds';
import { useI18n } from '../../lib/i18n';
import './i18n';
import './wingo.css';

/** The commitment a bet receipt carries: when given, the round is checked against it, not against the server's copy. */
export type ReceiptCommitment = { finalHash: string; roundIndex: number };

/** What a locked round's record publishes of its chain (Wingo's, K3's and 5D's records alike). */
export type RevealedLinkRecord = Pick<WingoFairness, 'finalHash' | 'link' | 'previousLink' | 'roundIndex'>;

/**
 * A locked round (decision 380): its link is public, its result is not drawn yet, so the link is
 * checked alone against the previous link and the final hash (the receipt's when known). The
 * K3/5D verify screen loads this same function from this chunk (routes/wingo-verify.tsx).
 */
export function verifyLockedLink(data: RevealedLinkRecord, receipt?: ReceiptCommitment): Promise<RevealedLinkResult> {
  return verifyRevealedLink({
    finalHash: receipt?.finalHash ?? data.finalHash,
    link: data.link ?? '',
    previousLink: data.previousLink ?? undefined,
    roundIndex: receipt?.roundIndex ?? data.roundIndex,
  });
}

/**
 * Recomputes a round in this browser (docs/fairness.md) with `@colorplay/fair`: the link hashes
 * to the previous revealed link, hashing it k times reaches the final hash (the one on the
 * player's receipt when known), the beacon signature verifies under the chain's public key for
 * the round fixed by the lock time, and the digit follows from HMAC-SHA256(link, game:period:
 * randomness). Nothing the server says about the result is trusted except as the claim to check.
 */
export async function verifyFairness(data: WingoFairness, receipt?: ReceiptCommitment): Promise<VerifyResult> {
  if (data.status === 'locked') return { ...(await verifyLockedLink(data, receipt)), derivation: null };
  const b = data.beacon;
  return verifyRound({
    finalHash: receipt?.finalHash ?? data.finalHash,
    link: data.link ?? '',
    period: data.period,
    digit: data.digit ?? undefined,
    previousLink: data.previousLink ?? undefined,
    roundIndex: receipt?.roundIndex ?? data.roundIndex,
    scheme: data.scheme === 2 ? 2 : 1,
    game: data.game,
    beacon: b
      ? {
          publicKey: b.publicKey,
          round: b.round,
          signature: b.signature ?? '',
          randomness: b.randomness ?? undefined,
          genesisMs: b.genesisMs,
          periodMs: b.periodMs,
          marginMs: b.marginMs,
          locksAtMs: data.locksAtMs,
        }
      : undefined,
  });
}

function Verification({ data, receipt }: { data: WingoFairness; receipt: ReceiptCommitment | undefined }) {
  const { t } = useI18n();
  const [result, setResult] = useState<VerifyResult | null>(null);
  useEffect(() => {
    // The parent keys this component by period, so a new round starts with no result.
    let live = true;
    void verifyFairness(data, receipt).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [data, receipt]);

  const stepLabel = (name: 'input' | 'link' | 'chain' | 'beacon' | 'digit') =>
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
            : t('verify.step.digit');
  const statusLabel = (status: 'passed' | 'failed' | 'skipped') =>
    status === 'passed' ? t('verify.status.passed') : status === 'failed' ? t('verify.status.failed') : t('verify.status.skipped');

  // The conclusion first, the evidence under it (decision 481).
  return (
    <>
      {!result ? (
        <p role="status">{t('verify.running')}</p>
      ) : (
        <p role="status" className={`verify-verdict verify-verdict--${result.ok ? 'ok' : 'fail'}`}>
          {result.ok && data.status === 'locked'
            ? t('verify.lockedOk')
            : result.ok
            ? t('verify.ok', { digit: result.derivation?.digit ?? '—' })
            : t('verify.fail', { reason: t(`verify.failure.${result.failure ?? 'MALFORMED_INPUT'}`) })}
        </p>
      )}
      <dl className="verify-data">
        <dt>{t('verify.finalHash')}</dt>
        <dd className="verify-hash">{data.finalHash}</dd>
        <dt>{t('verify.roundIndex')}</dt>
        <dd>{data.roundIndex}</dd>
        <dt>{t('verify.link')}</dt>
        <dd className="verify-hash">{data.link}</dd>
        <dt>{t('verify.previousLink')}</dt>
        <dd className="verify-hash">{data.previousLink ?? '—'}</dd>
        <dt>{t('verify.beaconRound')}</dt>
        <dd>{data.beacon ? `${data.beacon.round} (${data.beacon.name})` : '—'}</dd>
        <dt>{t('verify.beaconSignature')}</dt>
        <dd className="verify-hash">{data.beacon?.signature ?? '—'}</dd>
        <dt>{t('verify.claimed')}</dt>
        <dd>{data.digit ?? (data.status === 'locked' ? t('verify.notDrawn') : t('wingo.voided'))}</dd>
      </dl>
      {result && (
        <>
          <h2 className="wingo-subtitle">{t('verify.steps')}</h2>
          <ol className="verify-steps">
            {result.checks.map((check) => (
              <li key={check.name} className={`verify-step verify-step--${check.status}`}>
                {stepLabel(check.name)}: <strong>{statusLabel(check.status)}</strong>
              </li>
            ))}
          </ol>
          {result.derivation && (
            <p>
              {t('verify.derived', {
                mac: result.derivation.macIndex,
                word: result.derivation.wordIndex,
                value: result.derivation.word,
                digit: result.derivation.digit,
              })}
            </p>
          )}
          {data.status === 'voided' && <p>{t('verify.voided')}</p>}
          {data.status === 'locked' && <p>{t('verify.locked', { round: data.beacon?.round ?? '—' })}</p>}
          {data.void && (
            <p>
              {t('verify.voidRecord', {
                reason: data.void.reason,
                would: data.void.wouldDigit ?? '—',
                bets: data.void.bets,
                stakes: data.void.stakesMinor,
                paid: data.void.wouldPayoutMinor ?? '—',
              })}
            </p>
          )}
        </>
      )}
    </>
  );
}

/** /home/AllLotteryGames/Verify?room=..&period=.. */
export function VerifyPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const period = params.get('period');
  const room = params.get('room') ?? '';
  const valid = period !== null && /^\d{15}$/.test(period);
  const fairness = useResource(valid ? fairnessResource(period) : null);
  const final = params.get('final');
  const k = params.get('k');
  const receipt = useMemo(() => (final && k && /^\d+$/.test(k) ? { finalHash: final, roundIndex: Number(k) } : undefined), [final, k]);
  return (
    <main className="page wingo">
      <TopBar title={t('verify.title')} backTo={paths.wingo.getHref()} />
      <div className="wingo-verify">
        {!valid ? (
          <p>{t('verify.missing')}</p>
        ) : (
          <>
            <p>{t('verify.room', { room, period })}</p>
            {fairness.data ? (
              <Verification key={fairness.data.period} data={fairness.data} receipt={receipt} />
            ) : (
              <ListState loading={fairness.loading || fairness.fetching} error={!!fairness.error} empty={false} retry={fairness.reload} />
            )}
            <VoidedRounds game="wingo" room={fairness.data?.roomId ?? room} />
          </>
        )}
        <Link className="button button--ghost verify-back" to={paths.wingo.getHref()}>
          {t('verify.back')}
        </Link>
      </div>
    </main>
  );
}
