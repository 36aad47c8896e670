import type { LaunchTicket } from '@colorplay/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/text-field';
import { checkAmount, minorToInputText, modestTransferMinor } from '../../lib/amount';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { defineArea } from '../../lib/i18n-areas';
import { enLaunchTransfer } from '../../lib/messages/en-launch-transfer';
import './i18n';

type EnLaunchTransfer = typeof enLaunchTransfer;
declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the keys
  interface AreaMessages extends EnLaunchTransfer {}
}
defineArea('launch-transfer', enLaunchTransfer, {
  hi: () => import('../../lib/messages/hi/launch-transfer').then((m) => m.hiLaunchTransfer),
});

export type TransferInfo = NonNullable<LaunchTicket['transfer']>;

export interface TransferTipsProps {
  transfer: TransferInfo;
  /** The chosen amount in paise, or undefined when the main wallet is empty (nothing moves). */
  onConfirm: (amountMinor: number | undefined) => void;
  onCancel: () => void;
}

/**
 * The Tips dialog of a transfer-mode vendor (decision 311): says how much leaves the main wallet for
 * the vendor's wallet and lets the player choose it, from the vendor's minimum (or the whole
 * balance when that is less) to the whole main balance; it proposes a modest amount (decision 475). A lazy chunk of
 * its own with its texts, so `/` does not carry it. `onConfirm` runs in the Confirm click itself,
 * so the launch tab opened there is still the player's gesture.
 */
export default function TransferTips({ transfer, onConfirm, onCancel }: TransferTipsProps) {
  const { t } = useI18n();
  const [text, setText] = useState(() => minorToInputText(modestTransferMinor(transfer.mainMinor, transfer.minMinor)));
  const [shown, setShown] = useState(false);
  const max = transfer.mainMinor;
  const min = Math.min(transfer.minMinor, max);
  const check = checkAmount(text, { minMinor: min, maxMinor: max });
  const money = (minor: number) => formatMoneyMinor(minor);
  const vendor = transfer.vendorTitle;

  if (max === 0) {
    return (
      <ConfirmDialog open title={t('lobby.tipsTitle')} message={t('launchTransfer.empty', { vendor })} onConfirm={() => onConfirm(undefined)} onCancel={onCancel} />
    );
  }

  const error = check.ok
    ? null
    : check.problem === 'below_min'
      ? t('launchTransfer.belowMin', { min: money(min) })
      : check.problem === 'above_max'
        ? t('launchTransfer.aboveMax', { max: money(max) })
        : t('launchTransfer.invalid');

  return (
    <ConfirmDialog
      open
      title={t('lobby.tipsTitle')}
      message={t('launchTransfer.message', { amount: money(check.ok ? check.amountMinor : max), vendor })}
      onConfirm={() => {
        // A wrong amount never leaves: the error is shown and read out, and the dialog stays.
        if (check.ok) onConfirm(check.amountMinor);
        else setShown(true);
      }}
      onCancel={onCancel}
    >
      <TextField
        label={t('launchTransfer.amount')}
        hint={t('launchTransfer.hint', { min: money(min), max: money(max) })}
        error={shown || (text !== '' && !check.ok) ? error : null}
        announceError={shown}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </ConfirmDialog>
  );
}
