import type { LotteryTrxFairness, TronBlockHeader } from '@colorplay/contract';
import type { TrxVerifyResult, verifyTrxRound } from '@colorplay/fair';
import { useCheck } from '../verify-parts';
import { formatDateTimeIst } from '../../../lib/format';
import { type Translate, useI18n } from '../../../lib/i18n';
import './i18n';
import { OutcomeValues } from './outcome';

/**
 * A Trx Win round recomputed in this browser (decision 357) with `@colorplay/fair`'s
 * verifyTrxRound, from the two block headers the fairness record publishes: each block id is its
 * number and the hash of its header, the block is its parent's child, the parent is at or before
 * the round's lock and the block after it (so it is the one deciding block), and the digit is read
 * from the block id by the documented rule, and each header is signed by its producer (decision
 * 385). The server's claimed digit is only the thing checked. Whether the producer was an elected
 * super representative this screen cannot know on its own: a real-network round links both blocks
 * to a public explorer, where the same ids must appear (docs/fairness.md "Trx Win").
 */

/** `@colorplay/fair`'s Trx Win checker, loaded on demand (the route passes where from, as for K3/5D). */
export type LoadTrxChecker = () => Promise<typeof verifyTrxRound>;

/** Null when the round has no deciding block yet (open, locked) or never will (voided). */
export async function verifyTrxFairness(data: LotteryTrxFairness, loadChecker: LoadTrxChecker): Promise<TrxVerifyResult | null> {
  if (!data.block || !data.parent) return null;
  const check = await loadChecker();
  return check({ locksAtMs: data.locksAtMs, block: data.block, parent: data.parent, outcome: data.outcome ?? undefined });
}

const CHECKS = ['blockId', 'parentId', 'linked', 'timing', 'signature', 'digit'] as const;
type CheckName = (typeof CHECKS)[number];

/** A real-network block on Tronscan, TRON's public explorer: its id and producer must be the record's. */
export const tronscanBlockUrl = (number: number) => `https://tronscan.org/#/block/${number}`;

/** A moment as the explorers print it, to the millisecond (block times are what decide). */
const at = (ms: number) => `${formatDateTimeIst(ms)}.${String(((ms % 1000) + 1000) % 1000).padStart(3, '0')} IST`;

function stepText(name: CheckName, data: LotteryTrxFairness, block: TronBlockHeader, parent: TronBlockHeader, digit: number | null, t: Translate): string {
  const b = block.raw_data;
  const p = parent.raw_data;
  if (name === 'blockId') return t('lg.trx.step.blockId', { number: b.number });
  if (name === 'parentId') return t('lg.trx.step.parentId', { number: p.number });
  if (name === 'linked') return t('lg.trx.step.linked', { number: b.number, parent: p.number });
  if (name === 'timing') return t('lg.trx.step.timing', { parentTime: at(p.timestamp), lock: at(data.locksAtMs), blockTime: at(b.timestamp) });
  if (name === 'signature') return t('lg.trx.step.signature', { number: b.number, parent: p.number });
  return t('lg.trx.step.digit', { digit: digit ?? '—' });
}

/** The 48 hex characters the digit is read from, with the character read marked. */
function ReadHash({ read }: { read: NonNullable<TrxVerifyResult['read']> }) {
  const { hashHex, charIndex } = read;
  return (
    <span className="verify-hash">
      {hashHex.slice(0, charIndex)}
      <mark className="lg-read">{hashHex[charIndex]}</mark>
      {hashHex.slice(charIndex + 1)}
    </span>
  );
}

/** One block's facts as an explorer lists them. */
function BlockFacts({ title, block }: { title: string; block: TronBlockHeader }) {
  const { t } = useI18n();
  const r = block.raw_data;
  return (
    <>
      <dt>{title}</dt>
      <dd>{t('lg.trx.blockLine', { number: r.number, time: at(r.timestamp) })}</dd>
      <dt>{t('lg.trx.blockHash')}</dt>
      <dd className="verify-hash">{block.blockID}</dd>
      <dt>{t('lg.trx.parentHash')}</dt>
      <dd className="verify-hash">{r.parentHash}</dd>
      {r.witness_address !== undefined && (
        <>
          <dt>{t('lg.trx.witness')}</dt>
          <dd className="verify-hash">{r.witness_address}</dd>
        </>
      )}
      {block.witness_signer !== undefined && (
        <>
          <dt>{t('lg.trx.signer')}</dt>
          <dd className="verify-hash">{block.witness_signer}</dd>
        </>
      )}
      {r.txTrieRoot !== undefined && (
        <>
          <dt>{t('lg.trx.txTrieRoot')}</dt>
          <dd className="verify-hash">{r.txTrieRoot}</dd>
        </>
      )}
    </>
  );
}

export function TrxVerification({ data, loadChecker }: { data: LotteryTrxFairness; loadChecker: LoadTrxChecker }) {
  const { t } = useI18n();
  const result = useCheck<TrxVerifyResult | null>(() => verifyTrxFairness(data, loadChecker), [data, loadChecker]);
  const { block, parent } = data;

  const statusLabel = (passed: boolean) => (passed ? t('verify.status.passed') : t('verify.status.failed'));
  const firstFailed = result ? CHECKS.find((c) => !result.checks[c]) : undefined;

  // The conclusion first, the evidence under it (decision 481).
  return (
    <>
      {data.status === 'voided' || data.void ? (
        <p role="status">{t('lg.trx.voided', { reason: t(`lg.trx.void.${data.void?.reason ?? 'tron_unavailable'}`) })}</p>
      ) : !block || !parent ? (
        <p role="status">{t('lg.trx.notYet', { lock: at(data.locksAtMs) })}</p>
      ) : !result ? (
        <p role="status">{t('verify.running')}</p>
      ) : (
        <p role="status" className={`verify-verdict verify-verdict--${result.ok ? 'ok' : 'fail'}`}>
          {result.ok
            ? t('lg.verify.ok', { period: data.period, values: String(result.digit) })
            : t('verify.fail', { reason: t(`lg.trx.failure.${firstFailed ?? 'digit'}`) })}
        </p>
      )}
      <dl className="verify-data">
        <dt>{t('lg.trx.network')}</dt>
        <dd>{data.network === 'tron' ? t('lg.trx.network.tron') : t('lg.trx.network.sandbox')}</dd>
        <dt>{t('lg.trx.lock')}</dt>
        <dd>{at(data.locksAtMs)}</dd>
        {block && <BlockFacts title={t('lg.trx.block')} block={block} />}
        {parent && <BlockFacts title={t('lg.trx.parent')} block={parent} />}
        {result?.read && (
          <>
            <dt>{t('lg.trx.read')}</dt>
            <dd>
              <ReadHash read={result.read} />
              {result.read.fallback && <span> {t('lg.trx.fallback')}</span>}
            </dd>
          </>
        )}
        <dt>{t('lg.verify.claimed')}</dt>
        <dd>{data.outcome ? <OutcomeValues game="trx" outcome={data.outcome} size="sm" /> : data.status === 'voided' ? t('wingo.voided') : '—'}</dd>
      </dl>
      {data.status !== 'voided' && !data.void && block && parent && result && (
        <>
          <h2 className="wingo-subtitle">{t('verify.steps')}</h2>
          <ol className="verify-steps">
            {CHECKS.map((name) => (
              <li key={name} className={`verify-step verify-step--${result.checks[name] ? 'passed' : 'failed'}`}>
                {stepText(name, data, block, parent, result.digit, t)}: <strong>{statusLabel(result.checks[name])}</strong>
              </li>
            ))}
          </ol>
          {data.network === 'tron' ? (
            <>
              <p>{t('lg.trx.explorerNote')}</p>
              {[block, parent].map((b) => (
                <a key={b.blockID} className="button button--ghost" href={tronscanBlockUrl(b.raw_data.number)} target="_blank" rel="noreferrer">
                  {t('lg.trx.explorer', { number: b.raw_data.number })}
                </a>
              ))}
            </>
          ) : (
            <p>{t('lg.trx.sandboxNote')}</p>
          )}
        </>
      )}
    </>
  );
}
