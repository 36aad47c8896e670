import type { LotteryGameId, LotteryRoomId } from '@colorplay/contract';
import { priceBet } from '@colorplay/lottery';
import { useId, useState } from 'react';
import { Popup } from '../../../components/ui/popup';
import { useI18n } from '../../../lib/i18n';
import '../wingo-rules.css';
import './i18n';
import { roundSecondsOf } from './round';
import { lotteryGameView } from './views';

/** The rules of K3, 5D or Trx Win, every figure read from `@colorplay/lottery`'s rule tables. */
export function LotteryRulesText({ game, room, roomName, feeBasisPoints }: { game: LotteryGameId; room: LotteryRoomId; roomName: string; feeBasisPoints: number }) {
  const { t } = useI18n();
  const hundred = priceBet(100, 1, 1, feeBasisPoints);
  const view = lotteryGameView(game);
  return (
    <div className="wingo-rules">
      <p>{t('lg.rules.round', { room: roomName, seconds: roundSecondsOf(room) })}</p>
      <p>{t('wingo.rules.total')}</p>
      <p>{t('wingo.rules.fee', { fee: `${feeBasisPoints / 100} %`, contract: hundred.contractMinor })}</p>
      <view.Rules />
      <p>{view.fairRule(t)}</p>
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
