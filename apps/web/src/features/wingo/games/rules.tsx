import type { LotteryGameId, LotteryRoomId } from '@colorplay/contract';
import { K3_ODDS, K3_SUM_ODDS, priceBet } from '@colorplay/lottery';
import { useId, useState } from 'react';
import { Popup } from '../../../components/ui/popup';
import { useI18n } from '../../../lib/i18n';
import '../wingo-rules.css';
import './i18n';
import { roundSecondsOf } from './round';
import { payoutText } from './selection';

/** The rules of K3 or 5D, every figure read from `@colorplay/lottery`'s rule tables. */
export function LotteryRulesText({ game, room, roomName, feeBasisPoints }: { game: LotteryGameId; room: LotteryRoomId; roomName: string; feeBasisPoints: number }) {
  const { t } = useI18n();
  const hundred = priceBet(100, 1, 1, feeBasisPoints);
  return (
    <div className="wingo-rules">
      <p>{t('lg.rules.round', { room: roomName, seconds: roundSecondsOf(room) })}</p>
      <p>{t('wingo.rules.total')}</p>
      <p>{t('wingo.rules.fee', { fee: `${feeBasisPoints / 100} %`, contract: hundred.contractMinor })}</p>
      {game === 'k3' ? (
        <ul>
          <li>{t('lg.rules.k3.draw')}</li>
          <li>{t('lg.rules.k3.sum', { x3: K3_SUM_ODDS[3]!, x10: K3_SUM_ODDS[10]! })}</li>
          <li>{t('lg.rules.k3.size', { x: K3_ODDS.bigSmallOddEven })}</li>
          <li>{t('lg.rules.k3.pair', { x: K3_ODDS.pairAny, xs: K3_ODDS.pairSpecific })}</li>
          <li>{t('lg.rules.k3.triple', { x: K3_ODDS.tripleSpecific, xa: K3_ODDS.tripleAny })}</li>
          <li>{t('lg.rules.k3.diff', { x3: K3_ODDS.diff3, x2: K3_ODDS.diff2, xr: K3_ODDS.straight })}</li>
        </ul>
      ) : (
        <ul>
          <li>{t('lg.rules.5d.draw')}</li>
          <li>{t('lg.rules.5d.digit', { x: payoutText('5d', 'A:0') })}</li>
          <li>{t('lg.rules.5d.side', { x: payoutText('5d', 'A:big') })}</li>
          <li>{t('lg.rules.5d.sum', { x: payoutText('5d', 'sum:big') })}</li>
        </ul>
      )}
      <p>{t('wingo.rules.fair')}</p>
    </div>
  );
}

/** A "Rules" button opening the rules in a dialog. */
export function LotteryRules(props: { game: LotteryGameId; room: LotteryRoomId; roomName: string; feeBasisPoints: number }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" className="button button--ghost wingo-rules-button" onClick={() => setOpen(true)}>
        {t('wingo.rules.open')}
      </button>
      <Popup open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
        <div className="wingo-rules-dialog">
          <h2 id={titleId}>{t('wingo.rules.title')}</h2>
          <LotteryRulesText {...props} />
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            {t('wingo.result.close')}
          </button>
        </div>
      </Popup>
    </>
  );
}
