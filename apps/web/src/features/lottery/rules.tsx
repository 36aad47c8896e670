import type { WingoRoomId } from '@colorplay/contract';
import { priceBet, ratioText, WINGO, type WingoDigit, type WingoSelection } from '@colorplay/lottery';
import { useId, useState, type ReactNode } from 'react';
import { Popup } from '../../components/ui/popup';
import { useI18n } from '../../lib/i18n';
import './i18n';
import './wingo-rules.css';

/** The payout multiple of a selection on a digit, as text, read from the rule table. */
function pays(selection: WingoSelection, digit: WingoDigit): string {
  const r = WINGO.payoutRatio(selection, digit);
  return r ? ratioText(r) : '0';
}

/** What each selection pays (Wingo's, and Trx Win's, which has the same table). */
export function WingoPayoutRules() {
  const { t } = useI18n();
  return (
    <ul>
      <li>{t('wingo.rules.green', { x: pays('green', 1), x5: pays('green', 5) })}</li>
      <li>{t('wingo.rules.red', { x: pays('red', 2), x0: pays('red', 0) })}</li>
      <li>{t('wingo.rules.violet', { x: pays('violet', 0) })}</li>
      <li>{t('wingo.rules.number', { x: pays('7', 7) })}</li>
      <li>{t('wingo.rules.size', { x: pays('big', 9) })}</li>
    </ul>
  );
}

/**
 * The rules text of any game, every figure taken from `@colorplay/lottery`'s tables: the round,
 * the total and the fee, then the game's own rules (`children`) and how a result is checked.
 */
export function RulesFrame({ roundLine, feeBasisPoints, fairLine, children }: { roundLine: string; feeBasisPoints: number; fairLine: string; children: ReactNode }) {
  const { t } = useI18n();
  const hundred = priceBet(100, 1, 1, feeBasisPoints);
  return (
    <div className="wingo-rules">
      <p>{roundLine}</p>
      <p>{t('wingo.rules.total')}</p>
      <p>{t('wingo.rules.fee', { fee: `${feeBasisPoints / 100} %`, contract: hundred.contractMinor })}</p>
      {children}
      <p>{fairLine}</p>
    </div>
  );
}

/** Wingo's rules text. */
export function RulesText({ room, roundSeconds, feeBasisPoints }: { room: WingoRoomId; roundSeconds: number; feeBasisPoints: number }) {
  const { t } = useI18n();
  return (
    <RulesFrame roundLine={t('wingo.rules.round', { room: t(`wingo.room.${room}`), seconds: roundSeconds })} feeBasisPoints={feeBasisPoints} fairLine={t('wingo.rules.fair')}>
      <WingoPayoutRules />
    </RulesFrame>
  );
}

/** A "Rules" button opening a game's rules text (`children`) in a dialog. */
export function RulesButton({ children }: { children: ReactNode }) {
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
          {children}
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            {t('wingo.result.close')}
          </button>
        </div>
      </Popup>
    </>
  );
}

/** Wingo's "Rules" button. */
export function Rules(props: { room: WingoRoomId; roundSeconds: number; feeBasisPoints: number }) {
  return (
    <RulesButton>
      <RulesText {...props} />
    </RulesButton>
  );
}
