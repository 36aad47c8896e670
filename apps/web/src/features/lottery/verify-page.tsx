import type { WingoFairness } from '@colorplay/contract';
import { verifyRevealedLink, verifyRound, type RevealedLinkResult, type VerifyResult } from '@colorplay/fair';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useResource } from '../../lib/resource';
import { fairnessResource } from './api';
import { ListState } from './records';
import { ChainFacts, CheckSteps, receiptOf, useCheck, VerifyFrame, type ChainRecord, type ReceiptCommitment } from './verify-parts';
import { VoidedRounds } from './voided-rounds';
import { useI18n } from '../../lib/i18n';
import './i18n';

/** What a locked round's record publishes of its chain (Wingo's, K3's and 5D's records alike). */
export type RevealedLinkRecord = Pick<ChainRecord, 'finalHash' | 'link' | 'previousLink' | 'roundIndex'>;

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
  const result = useCheck(() => verifyFairness(data, receipt), [data, receipt]);
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
      <ChainFacts
        data={data}
        finalHash={data.finalHash}
        claimedLabel={t('verify.claimed')}
        claimed={data.digit ?? (data.status === 'locked' ? t('verify.notDrawn') : t('wingo.voided'))}
      />
      {result && (
        <>
          <CheckSteps checks={result.checks} data={data} receipt={receipt} drawLabel={t('verify.step.digit')} />
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
  const fairness = useResource(valid ? fairnessResource('wingo', period) : null);
  const final = params.get('final');
  const k = params.get('k');
  const receipt = useMemo(() => receiptOf(final, k), [final, k]);
  return (
    <VerifyFrame back={paths.wingo.getHref()} backLabel={t('verify.back')} valid={valid}>
      <p>{t('verify.room', { room, period: period ?? '' })}</p>
      {fairness.data ? (
        <Verification key={fairness.data.period} data={fairness.data} receipt={receipt} />
      ) : (
        <ListState loading={fairness.loading || fairness.fetching} error={!!fairness.error} empty={false} retry={fairness.reload} />
      )}
      <VoidedRounds game="wingo" room={fairness.data?.roomId ?? room} />
    </VerifyFrame>
  );
}
