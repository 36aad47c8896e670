import type { WingoSelectionCode } from '@colorplay/contract';
import { WINGO_SELECTIONS } from '@colorplay/lottery';
import type { WingoTranslate } from './i18n';

/** The name of a selection as the player reads it ("Green", "Number 7", "Big"). */
export function selectionLabel(selection: WingoSelectionCode, wt: WingoTranslate): string {
  switch (selection) {
    case 'green':
      return wt('wingo.sel.green');
    case 'violet':
      return wt('wingo.sel.violet');
    case 'red':
      return wt('wingo.sel.red');
    case 'big':
      return wt('wingo.sel.big');
    case 'small':
      return wt('wingo.sel.small');
    default:
      return wt('wingo.sel.number', { digit: selection });
  }
}

/**
 * Random: one selection drawn on this device for the player to look at and confirm in the bet
 * sheet. It places nothing by itself (no auto-bet: lawful-operation rule).
 */
export function randomSelection(random: () => number = Math.random): WingoSelectionCode {
  return WINGO_SELECTIONS[Math.floor(random() * WINGO_SELECTIONS.length) % WINGO_SELECTIONS.length]!;
}
