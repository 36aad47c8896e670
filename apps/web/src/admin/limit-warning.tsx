import type { DepositLimitPass } from '@colorplay/contract';
import { formatMoneyMinor } from '../lib/format';
import { t } from '../lib/i18n';
import { limitPeriodText } from './i18n';

/**
 * What an approval would do to the player's deposit limits, in words, said before the operator
 * decides (decisions 393, 435): the UTR and USDT queues show it in the row and in the approval
 * dialog. An approval that passes a limit still credits (the money arrived).
 */
export function limitWarningTexts(warnings: readonly DepositLimitPass[], playerId: number, currency: string): string[] {
  return warnings.map((w) =>
    t('admin.limitWarning', {
      playerId,
      period: limitPeriodText(w.period),
      limit: formatMoneyMinor(w.limitMinor, currency),
      used: formatMoneyMinor(w.usedMinor, currency),
    }),
  );
}

/** The warnings as the queue's row shows them, one paragraph each. */
export function LimitWarnings({ texts }: { texts: readonly string[] }) {
  return (
    <>
      {texts.map((warning) => (
        <p key={warning}>
          <strong>{warning}</strong>
        </p>
      ))}
    </>
  );
}
