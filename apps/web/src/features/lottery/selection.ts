import type { WingoSelectionCode } from '@colorplay/contract';
import { WINGO_SELECTIONS } from '@colorplay/lottery';
import { type Translate } from '../../lib/i18n';
import './i18n';

/** The name of a selection as the player reads it ("Green", "Number 7", "Big"). */
export function selectionLabel(selection: WingoSelectionCode, t: Translate): string {
  switch (selection) {
    case 'green':
      return t('wingo.sel.green');
    case 'violet':
      return t('wingo.sel.violet');
    case 'red':
      return t('wingo.sel.red');
    case 'big':
      return t('wingo.sel.big');
    case 'small':
      return t('wingo.sel.small');
    default:
      return t('wingo.sel.number', { digit: selection });
  }
}

/**
 * Random: one selection drawn on this device for the player to look at and confirm in the bet
 * sheet. It places nothing by itself (no auto-bet: lawful-operation rule).
 */
export function randomSelection(random: () => number = Math.random): WingoSelectionCode {
  return WINGO_SELECTIONS[Math.floor(random() * WINGO_SELECTIONS.length) % WINGO_SELECTIONS.length]!;
}
