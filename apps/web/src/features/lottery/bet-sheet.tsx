import type { PlaceWingoBetResult, WingoRoomId, WingoSelectionCode } from '@colorplay/contract';
import { priceBet } from '@colorplay/lottery';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Popup } from '../../components/ui/popup';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { applyBalance, BALANCE_KEY } from '../../lib/balance';
import { formatMoneyMinor } from '../../lib/format';
import { getResourceData } from '../../lib/resource';
import type { Balance } from '@colorplay/contract';
import { placeBet } from './api';
import { wingoErrorText } from './errors';
import { useI18n, type Translate } from '../../lib/i18n';
import './i18n';
import { selectionLabel } from './selection';
import './wingo-bet-sheet.css';
import './wingo-chip.css';

/** What any lottery game's bet carries besides its idempotency key (Wingo's, K3's, 5D's). */
export interface StakeIntent {
  room: string;
  period: string;
  selection: string;
  amountMinor: number;
  quantity: number;
  multiplier: number;
}

/** What every bet sheet starts from and is bound by (the page passes the same to both sheets). */
export interface SheetStakeProps {
  /** The multiplier chip chosen on the page; the sheet starts from it. */
  multiplier: number;
  amountPresetsMinor: readonly number[];
  multipliers: readonly number[];
  feeBasisPoints: number;
  maxQuantity: number;
  /** Betting has closed for the period: confirming is refused before any request. */
  locked: boolean;
}

export interface BetSheetProps<R extends { balanceMinor: number } = PlaceWingoBetResult> extends SheetStakeProps {
  open: boolean;
  onClose: () => void;
  room: WingoRoomId | (string & {});
  period: string;
  selection: WingoSelectionCode | (string & {}) | null;
  /** How the selection is named in the title; Wingo's names by default. */
  selectionText?: string;
  /** The money action's request (another game's route, decision 346); Wingo's by default. */
  place?: (input: StakeIntent, idempotencyKey: string) => Promise<R>;
  onPlaced: (result: R) => void;
}

/**
 * The bet sheet: amount preset x quantity x multiplier = total (the rule table's `priceBet`),
 * agreement to the rules, confirm. Placing goes through `useMoneyAction`: single-flight, one
 * idempotency key per intent, and the answer's balance goes straight into the balance store.
 */
export function BetSheet<R extends { balanceMinor: number } = PlaceWingoBetResult>(props: BetSheetProps<R>) {
  const { open, onClose, room, period, selection, amountPresetsMinor, multipliers, feeBasisPoints, maxQuantity, locked, onPlaced } = props;
  const place = props.place ?? (placeBet as unknown as (input: StakeIntent, idempotencyKey: string) => Promise<R>);
  const { t } = useI18n();
  const toast = useToast();
  const titleId = useId();
  // The page mounts a new sheet for each opening (key), so it starts from the page's chip.
  const [stake, setStake] = useState<Stake>({ amountMinor: amountPresetsMinor[0] ?? 100, quantity: 1, multiplier: props.multiplier });
  const { amountMinor, quantity, multiplier } = stake;
  const [agreed, setAgreed] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const action = useMoneyAction<StakeIntent, R>(place, {
    report: 'inline',
    onSuccess: (result) => {
      applyPlacedBalance(result.balanceMinor);
      onPlaced(result);
    },
  });

  const price = priceBet(amountMinor, Math.max(0, quantity), multiplier, feeBasisPoints);
  const total = formatMoneyMinor(price.totalMinor);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selection) return;
    const refusal = sheetRefusal(agreed, locked, t);
    setProblem(refusal);
    if (refusal) return;
    try {
      const result = await action.run({ room, period, selection, amountMinor, quantity, multiplier });
      if (result) {
        toast.show(t('wingo.sheet.placed'), { type: 'success' });
        onClose();
      }
    } catch (err) {
      setProblem(wingoErrorText(err, t));
    }
  };

  return (
    <Popup open={open && selection !== null} onClose={onClose} labelledBy={titleId} placement="bottom" className="bet-sheet">
      {selection && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <h2 id={titleId} className={`bet-sheet__title bet-sheet__title--${selection}`}>
            {t('wingo.sheet.title', { selection: props.selectionText ?? selectionLabel(selection as WingoSelectionCode, t) })}
          </h2>
          <StakeFields stake={stake} onChange={setStake} amountPresetsMinor={amountPresetsMinor} multipliers={multipliers} maxQuantity={maxQuantity} />
          <p className="bet-sheet__total" aria-live="polite">
            {t('wingo.sheet.total', { total })}
          </p>
          <p className="bet-sheet__fee">{t('wingo.sheet.fee', { fee: formatMoneyMinor(price.feeMinor), contract: formatMoneyMinor(price.contractMinor) })}</p>
          <SheetFooter agreed={agreed} onAgree={(checked) => { setAgreed(checked); setProblem(null); }} problem={problem} onCancel={onClose} busy={action.busy} total={total} />
        </form>
      )}
    </Popup>
  );
}

/** A placed bet's or slip's answer: its balance into the one balance store, the currency kept. */
export function applyPlacedBalance(balanceMinor: number): void {
  const currency = getResourceData<Balance>(BALANCE_KEY)?.currency ?? 'INR';
  applyBalance({ balanceMinor, currency });
}

/** Why a sheet may not be sent yet, in words (the rules not agreed, the round locked); null when it may. */
export function sheetRefusal(agreed: boolean, locked: boolean, t: Translate): string | null {
  if (!agreed) return t('wingo.sheet.agreeRequired');
  if (locked) return t('wingo.error.roundLocked');
  return null;
}

/**
 * The end of every bet sheet (Wingo's and the K3/5D slip sheet): agreement to the rules, the
 * problem, Cancel, any other action (`children`), Confirm with the total.
 */
export function SheetFooter(props: { agreed: boolean; onAgree: (checked: boolean) => void; problem: string | null; onCancel: () => void; busy: boolean; total: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <label className="bet-sheet__agree">
        <input type="checkbox" checked={props.agreed} onChange={(e) => props.onAgree(e.target.checked)} />
        {t('wingo.sheet.agree')}
      </label>
      {/* A styled alert with its mark, not bare text: .form-error's sheet is the money
          screens' and is not loaded here (decision 480). */}
      {props.problem && (
        <p role="alert" className="bet-sheet__problem">
          {props.problem}
        </p>
      )}
      <div className="bet-sheet__actions">
        <button type="button" className="button button--ghost" onClick={props.onCancel}>
          {t('wingo.sheet.cancel')}
        </button>
        {props.children}
        <button type="submit" className="button button--primary" aria-disabled={props.busy || undefined}>
          {t('wingo.sheet.confirm', { total: props.total })}
        </button>
      </div>
    </>
  );
}

/** One stake of the sheet: an amount preset, a quantity and a multiplier (total = their product). */
export interface Stake {
  amountMinor: number;
  quantity: number;
  multiplier: number;
}

/** The sheet's stake rows (amount presets, quantity stepper, multipliers): Wingo's sheet and the K3 and 5D slip sheet (slip-sheet.tsx). */
export function StakeFields({ stake, onChange, amountPresetsMinor, multipliers, maxQuantity }: { stake: Stake; onChange: (next: Stake) => void; amountPresetsMinor: readonly number[]; multipliers: readonly number[]; maxQuantity: number }) {
  const { t } = useI18n();
  const quantityId = useId();
  const { amountMinor, quantity, multiplier } = stake;
  const setAmountMinor = (value: number) => onChange({ ...stake, amountMinor: value });
  const setMultiplier = (value: number) => onChange({ ...stake, multiplier: value });
  const setQuantityClamped = (value: number) => onChange({ ...stake, quantity: Math.min(maxQuantity, Math.max(1, Math.floor(value) || 1)) });
  return (
    <>
      <fieldset className="bet-sheet__row">
        <legend>{t('wingo.sheet.amount')}</legend>
        {amountPresetsMinor.map((preset) => (
          <button key={preset} type="button" className="chip" aria-pressed={preset === amountMinor} onClick={() => setAmountMinor(preset)}>
            {formatMoneyMinor(preset)}
          </button>
        ))}
      </fieldset>
      <div className="bet-sheet__row">
        <label htmlFor={quantityId}>{t('wingo.sheet.quantity')}</label>
        <button type="button" className="chip" aria-label={t('wingo.sheet.decrease')} onClick={() => setQuantityClamped(quantity - 1)}>
          −
        </button>
        <input
          id={quantityId}
          className="bet-sheet__quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxQuantity}
          value={quantity}
          onChange={(e) => setQuantityClamped(Number(e.target.value))}
        />
        <button type="button" className="chip" aria-label={t('wingo.sheet.increase')} onClick={() => setQuantityClamped(quantity + 1)}>
          +
        </button>
      </div>
      <fieldset className="bet-sheet__row">
        <legend>{t('wingo.sheet.multiplier')}</legend>
        {multipliers.map((m) => (
          <button key={m} type="button" className="chip" aria-pressed={m === multiplier} onClick={() => setMultiplier(m)}>
            {t('wingo.multiplier', { multiplier: m })}
          </button>
        ))}
      </fieldset>
    </>
  );
}
