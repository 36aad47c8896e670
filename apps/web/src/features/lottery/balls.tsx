import { isWingoDigit, wingoOutcome } from '@colorplay/lottery';
import { type Translate, useI18n } from '../../lib/i18n';
import './i18n';
import './wingo-balls.css';

/** A result's colours in words: "Green", "Red and Violet". */
export function coloursText(colours: readonly string[], t: Translate): string {
  const names = colours.map((c) => (c === 'green' ? t('wingo.sel.green') : c === 'red' ? t('wingo.sel.red') : t('wingo.sel.violet')));
  return names.length === 2 ? t('wingo.colourPair', { first: names[0]!, second: names[1]! }) : (names[0] ?? '');
}

/** What a result ball says to a screen reader: "7: Green, Big". */
export function ballLabel(digit: number, t: Translate): string {
  if (!isWingoDigit(digit)) return String(digit);
  const outcome = wingoOutcome(digit);
  return t('wingo.ball', { digit, colours: coloursText(outcome.colours, t), size: outcome.size === 'big' ? t('wingo.sel.big') : t('wingo.sel.small') });
}

/**
 * A drawn digit as the coloured ball players read everywhere: green, red, or split with violet
 * for 0 (red and violet) and 5 (green and violet). Colours come from the rule table
 * (`wingoOutcome`), so a ball can never disagree with what the bet paid. A voided round (no
 * digit) is a grey ball with a dash.
 */
export function ResultBall({ digit, size = 'md' }: { digit: number | null; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useI18n();
  if (digit === null || !isWingoDigit(digit))
    return (
      <span role="img" aria-label={t('wingo.ballVoided')} className={`ball ball--${size} ball--none`}>
        —
      </span>
    );
  const { colours } = wingoOutcome(digit);
  return (
    <span role="img" aria-label={ballLabel(digit, t)} className={`ball ball--${size} ball--${colours.join('-')}`}>
      {digit}
    </span>
  );
}
