import type { LotteryGameId, LotteryRoomId } from '@colorplay/contract';
import { useI18n } from '../../../lib/i18n';
import { roundSecondsOf } from '../round-clock';
import { RulesButton, RulesFrame } from '../rules';
import '../wingo-rules.css';
import './i18n';
import { lotteryGameView } from './views';

/** The rules of K3, 5D or Trx Win, every figure read from `@colorplay/lottery`'s rule tables. */
export function LotteryRulesText({ game, room, roomName, feeBasisPoints }: { game: LotteryGameId; room: LotteryRoomId; roomName: string; feeBasisPoints: number }) {
  const { t } = useI18n();
  const view = lotteryGameView(game);
  return (
    <RulesFrame roundLine={t('lg.rules.round', { room: roomName, seconds: roundSecondsOf('minute', room) })} feeBasisPoints={feeBasisPoints} fairLine={view.fairRule(t)}>
      <view.Rules />
      {/* The hedge rule (decision 515): what the withdrawals' wagering lock leaves out. */}
      <p>{t('lg.rules.hedge')}</p>
    </RulesFrame>
  );
}

/** A "Rules" button opening the rules in a dialog. */
export function LotteryRules(props: { game: LotteryGameId; room: LotteryRoomId; roomName: string; feeBasisPoints: number }) {
  return (
    <RulesButton>
      <LotteryRulesText {...props} />
    </RulesButton>
  );
}
