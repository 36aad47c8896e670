import type { LotteryBet, LotteryGameId, PlaceLotterySlipResult } from '@colorplay/contract';
import { LOTTERY_SLIP_MAX_ITEMS } from '@colorplay/contract/lottery-constants';
import { isHedged, lotteryGame, priceBet } from '@colorplay/lottery';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMoneyAction } from '../../components/ui/money-action';
import { Popup } from '../../components/ui/popup';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { formatMoneyMinor } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useInfiniteResource } from '../../lib/infinite-resource';
import { lotteryPlaceBet, lotteryPlaceSlip, myBetsResource, type SlipIntent } from './api';
import { applyPlacedBalance, SheetFooter, sheetRefusal, StakeFields, type SheetStakeProps, type Stake } from './bet-sheet';
import { wingoErrorText } from './errors';
import './games/i18n';
import './i18n';
import './slip-sheet.css';
import './wingo-bet-sheet.css';
import './wingo-chip.css';

export interface SlipSheetProps extends SheetStakeProps {
  open: boolean;
  game: LotteryGameId;
  room: string;
  period: string;
  /** The selections picked on the board, in the order they were tapped. */
  picks: readonly string[];
  /** How a selection is named ("Sum 10", "A Big"). */
  selectionText: (id: string) => string;
  onRemove: (id: string) => void;
  /** Closes the sheet and keeps the picks: the next tap on the board adds to them. */
  onPickMore: () => void;
  /** Closes the sheet and forgets the picks. */
  onClose: () => void;
  /** Bets placed on this screen since it opened (the hedge notice counts them before My bets is read again). */
  placed: readonly LotteryBet[];
  onPlaced: (result: PlaceLotterySlipResult) => void;
}

/**
 * The K3 and 5D bet sheet (decision 514): every selection picked on the board, each named and
 * removable, one stake for all of them, the slip's total before Confirm, and one request that
 * places all of them or none (decision 513); the receipt lists each bet. One pick is a lone bet,
 * placed and acknowledged as before. When the picks with the
 * bets the player holds in this round are hedged (the server's rule, packages/lottery hedge.ts),
 * it says such play does not count toward unlocking a deposit (decision 515).
 */
export function SlipSheet(props: SlipSheetProps) {
  const { open, game, room, period, picks, selectionText, onRemove, onPickMore, onClose, amountPresetsMinor, multipliers, feeBasisPoints, maxQuantity, locked, onPlaced } = props;
  const { t } = useI18n();
  const toast = useToast();
  const titleId = useId();
  const [stake, setStake] = useState<Stake>({ amountMinor: amountPresetsMinor[0] ?? 100, quantity: 1, multiplier: props.multiplier });
  const [agreed, setAgreed] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<PlaceLotterySlipResult | null>(null);
  // One pick is a lone bet on the bet route (its group commit, decision 200); several, one slip.
  const place = useMemo(() => {
    const single = lotteryPlaceBet(game);
    const slip = lotteryPlaceSlip(game);
    return async (input: SlipIntent, key: string): Promise<PlaceLotterySlipResult> => {
      if (input.items.length > 1) return slip(input, key);
      const { bet, balanceMinor } = await single({ room: input.room, period: input.period, ...input.items[0]! }, key);
      return { bets: [bet], totalMinor: bet.totalMinor, balanceMinor };
    };
  }, [game]);
  const action = useMoneyAction<SlipIntent, PlaceLotterySlipResult>(place, {
    report: 'inline',
    onSuccess: (result) => {
      applyPlacedBalance(result.balanceMinor);
      onPlaced(result);
      // A lone bet closes the sheet as it always did; a slip's receipt lists each of its bets.
      if (result.bets.length > 1) setReceipt(result);
      else {
        toast.show(t('wingo.sheet.placed'), { type: 'success' });
        onClose();
      }
    },
  });

  const price = priceBet(stake.amountMinor, Math.max(0, stake.quantity), stake.multiplier, feeBasisPoints);
  const totalMinor = price.totalMinor * picks.length;
  const total = formatMoneyMinor(totalMinor);

  // The bets the player holds in this round: My bets of the room, and what this screen placed.
  const mine = useInfiniteResource(myBetsResource(game, room as never));
  const held = useMemo(() => {
    const byId = new Map<string, LotteryBet>();
    for (const b of [...mine.pages.flatMap((p) => p.items), ...props.placed]) if (b.period === period && b.status === 'pending') byId.set(b.id, b);
    return [...byId.values()];
  }, [mine.pages, props.placed, period]);
  const hedged = useMemo(() => {
    const rules = lotteryGame(game);
    if (!rules || picks.length === 0) return false;
    const bets = [...held.map((b) => ({ selection: b.selection, contractMinor: b.contractMinor })), ...picks.map((selection) => ({ selection, contractMinor: price.contractMinor }))];
    return isHedged(rules, bets);
  }, [game, held, picks, price.contractMinor]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (picks.length === 0) return;
    const refusal = sheetRefusal(agreed, locked, t);
    setProblem(refusal);
    if (refusal) return;
    try {
      await action.run({ room: room as SlipIntent['room'], period, items: picks.map((selection) => ({ selection, ...stake })) });
    } catch (err) {
      // A refused item is named: the whole slip was refused because of it.
      const index = err instanceof ApiError ? err.details?.itemIndex : undefined;
      const text = wingoErrorText(err, t);
      setProblem(typeof index === 'number' && picks[index] ? t('lg.slip.itemProblem', { selection: selectionText(picks[index]), problem: text }) : text);
    }
  };

  if (receipt) {
    return (
      <Popup open={open} onClose={onClose} labelledBy={titleId} placement="bottom" className="bet-sheet">
        <h2 id={titleId} className="bet-sheet__title">
          {t('lg.slip.placed', { count: receipt.bets.length })}
        </h2>
        <ul className="bet-sheet__picks" aria-label={t('lg.slip.receipt')}>
          {receipt.bets.map((b) => (
            <li key={b.id}>
              <span>{t('lg.bet.line', { selection: selectionText(b.selection), total: formatMoneyMinor(b.totalMinor) })}</span>
              <small className="bet-sheet__bet-id">{b.id}</small>
            </li>
          ))}
        </ul>
        <p className="bet-sheet__total">{t('lg.slip.paid', { total: formatMoneyMinor(receipt.totalMinor) })}</p>
        <div className="bet-sheet__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('lg.slip.done')}
          </button>
        </div>
      </Popup>
    );
  }

  return (
    <Popup open={open && picks.length > 0} onClose={onClose} labelledBy={titleId} placement="bottom" className="bet-sheet">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={titleId} className="bet-sheet__title">
          {picks.length === 1 ? t('wingo.sheet.title', { selection: selectionText(picks[0]!) }) : t('lg.slip.title', { count: picks.length })}
        </h2>
        <ul className="bet-sheet__picks" aria-label={t('lg.slip.list')}>
          {picks.map((id) => (
            <li key={id}>
              <span>{selectionText(id)}</span>
              <button type="button" className="chip" aria-label={t('lg.slip.remove', { selection: selectionText(id) })} onClick={() => onRemove(id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <p className="bet-sheet__fee">{picks.length >= LOTTERY_SLIP_MAX_ITEMS ? t('lg.slip.full', { max: LOTTERY_SLIP_MAX_ITEMS }) : t('lg.slip.more')}</p>
        <StakeFields stake={stake} onChange={setStake} amountPresetsMinor={amountPresetsMinor} multipliers={multipliers} maxQuantity={maxQuantity} />
        <p className="bet-sheet__total" aria-live="polite">
          {t('lg.slip.total', { count: picks.length, each: formatMoneyMinor(price.totalMinor), total })}
        </p>
        <p className="bet-sheet__fee">{t('wingo.sheet.fee', { fee: formatMoneyMinor(price.feeMinor * picks.length), contract: formatMoneyMinor(price.contractMinor * picks.length) })}</p>
        {hedged && <p className="bet-sheet__hedge">{t('lg.slip.hedged')}</p>}
        <SheetFooter agreed={agreed} onAgree={(checked) => { setAgreed(checked); setProblem(null); }} problem={problem} onCancel={onClose} busy={action.busy} total={total}>
          <button type="button" className="button button--ghost" onClick={onPickMore} disabled={picks.length >= LOTTERY_SLIP_MAX_ITEMS}>
            {t('lg.slip.pickMore')}
          </button>
        </SheetFooter>
      </form>
    </Popup>
  );
}
