import type { LotteryChainFairness } from '@colorplay/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';
import { useI18n } from '../../lib/i18n';
import './i18n';
import './wingo.css';

/**
 * What every verify screen shows the same way (decision 465): Wingo's (its own chunk, with the
 * checker) and the other games' (the lottery chunk, which loads the checker on demand). No value
 * of `@colorplay/fair` here: this file is in both chunks.
 */

/** The commitment a bet receipt carries: when given, the round is checked against it, not against the server's copy. */
export type ReceiptCommitment = { finalHash: string; roundIndex: number };

/** What a chain round's record publishes of its chain and beacon (Wingo's, K3's and 5D's records alike). */
export type ChainRecord = Pick<LotteryChainFairness, 'finalHash' | 'link' | 'previousLink' | 'roundIndex' | 'beacon'>;

/** A check as `@colorplay/fair` reports it. */
export interface Check {
  name: 'input' | 'link' | 'chain' | 'beacon' | 'digit' | 'outcome';
  status: 'passed' | 'failed' | 'skipped';
}

/** Runs a round's check once (`run` null: nothing to check); the caller keys the component by period, so a new round starts with no result. */
export function useCheck<R>(run: (() => Promise<R>) | null, deps: readonly unknown[]): R | null {
  const [result, setResult] = useState<R | null>(null);
  useEffect(() => {
    if (!run) return;
    let live = true;
    void run().then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
    // The caller names what the check depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return result;
}

/** The chain facts of a round's record, then the result it claims (`claimedLabel`, `claimed`). */
export function ChainFacts({ data, finalHash, claimedLabel, claimed }: { data: ChainRecord; finalHash: string; claimedLabel: string; claimed: ReactNode }) {
  const { t } = useI18n();
  return (
    <dl className="verify-data">
      <dt>{t('verify.finalHash')}</dt>
      <dd className="verify-hash">{finalHash}</dd>
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
      <dt>{claimedLabel}</dt>
      <dd>{claimed}</dd>
    </dl>
  );
}

/** The checks run on a chain round, each named and with its status; `drawLabel` names the last one (the digit, or the outcome). */
export function CheckSteps({ checks, data, receipt, drawLabel }: { checks: readonly Check[]; data: ChainRecord; receipt: ReceiptCommitment | undefined; drawLabel: string }) {
  const { t } = useI18n();
  const stepLabel = (name: Check['name']) =>
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
            : drawLabel;
  const statusLabel = (status: Check['status']) =>
    status === 'passed' ? t('verify.status.passed') : status === 'failed' ? t('verify.status.failed') : t('verify.status.skipped');
  return (
    <>
      <h2 className="wingo-subtitle">{t('verify.steps')}</h2>
      <ol className="verify-steps">
        {checks.map((check) => (
          <li key={check.name} className={`verify-step verify-step--${check.status}`}>
            {stepLabel(check.name)}: <strong>{statusLabel(check.status)}</strong>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The verify screen around a round's record: its title, the record (`children`) when the address names one, and the way back. */
export function VerifyFrame({ back, backLabel, valid, children }: { back: string; backLabel: string; valid: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <main className="page wingo">
      <TopBar title={t('verify.title')} backTo={back} />
      <div className="wingo-verify">
        {valid ? children : <p>{t('verify.missing')}</p>}
        <Link className="button button--ghost verify-back" to={back}>
          {backLabel}
        </Link>
      </div>
    </main>
  );
}

/** The receipt's commitment named in the address (`final`, `k`), when both are there. */
export function receiptOf(final: string | null, k: string | null): ReceiptCommitment | undefined {
  return final && k && /^\d+$/.test(k) ? { finalHash: final, roundIndex: Number(k) } : undefined;
}
