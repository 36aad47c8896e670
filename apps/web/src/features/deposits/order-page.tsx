import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { useMoneyAction } from '../../components/ui/money-action';
import { useToast } from '../../components/ui/toast';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { useI18n } from '../../lib/i18n';
import { useServerNow } from '../../lib/server-clock';
import { DEPOSITS_KEY } from './api/deposits';
import { formatCountdown, remainingMs } from './countdown';
import { useDepositOrder, type DepositOrder, type OrderKind } from './use-deposit';
import '../../components/ui/money.css';
import '../../lib/wallet-texts';

/**
 * The payment-view shell shared by the UPI payment page and the USDT address screen: the page
 * frame, the order read and followed live by the one deposit hook, and the states before there
 * is an order to show (no order id, an unknown order, a load error with retry, loading). The
 * caller renders the order itself, with the parts below that both pages share: the live status,
 * the time left, the order's facts, cancel with its confirmation, and the ways on once it is over.
 */
export function OrderPage<O extends { id: string }>({
  title,
  kind,
  orderId,
  children,
}: {
  title: string;
  kind: OrderKind<O>;
  orderId: string | null;
  children: (order: O, live: DepositOrder<O>) => ReactNode;
}) {
  const { t } = useI18n();
  const live = useDepositOrder(kind, orderId);
  const { deposit: order, error, refresh } = live;

  let body;
  if (orderId === null) {
    body = <Missing text={t('payment.noOrder')} />;
  } else if (!order && error instanceof ApiError && [400, 404].includes(error.status)) {
    body = <Missing text={t('payment.notFound')} />;
  } else if (!order && error) {
    body = (
      <div className="wallet__notice" role="alert">
        <p>{messageText(t, apiErrorMessage(error))}</p>
        <button type="button" className="button button--ghost" onClick={refresh}>
          {t('wallet.retry')}
        </button>
      </div>
    );
  } else if (!order) {
    body = <p className="wallet__notice">{t('common.loading')}</p>;
  } else {
    body = <div className="payment__body">{children(order, live)}</div>;
  }

  return (
    <main className="page payment">
      <TopBar title={title} backTo={paths.wallet.getHref()} />
      {body}
    </main>
  );
}

function Missing({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <div className="wallet__notice">
      <p>{text}</p>
      <Link to={paths.recharge.getHref()} className="button button--primary">
        {t('payment.newRecharge')}
      </Link>
    </div>
  );
}

/** The order's status: a chip (`chip`), what it means (`lines`), and "updates live" while polled. */
export function OrderStatus({ chip, lines, live }: { chip: ReactNode; lines: (string | null)[]; live: boolean }) {
  const { t } = useI18n();
  return (
    <section className="payment-status" aria-live="polite">
      {chip}
      {lines.map((line, i) => line && (
        <p key={i} className="payment-status__text">
          {line}
        </p>
      ))}
      {live && <p className="payment-status__live">{t('payment.live')}</p>}
    </section>
  );
}

/**
 * Cancel for an order nothing was paid to yet: asks first, then a money action; its answer shows
 * at once. A failure reads the order again: it may have moved on meanwhile (paid, expired).
 */
export function OrderCancel<O extends { id: string }>({
  order,
  cancel,
  message,
  live,
}: {
  order: O;
  cancel: (orderId: string) => Promise<O>;
  /** The confirmation's text: what cancelling means for this kind of order. */
  message: string;
  live: Pick<DepositOrder<O>, 'replace' | 'refresh'>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const action = useMoneyAction((orderId: string) => cancel(orderId), {
    invalidates: [DEPOSITS_KEY],
    onSuccess: (cancelled) => {
      live.replace(cancelled);
      toast.show(t('payment.cancelled'), { type: 'info' });
    },
    onError: () => live.refresh(),
  });
  return (
    <>
      <button type="button" className="button button--ghost payment__cancel" onClick={() => setConfirming(true)} aria-disabled={action.busy || undefined}>
        {t('payment.cancel')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('payment.cancelTitle')}
        message={message}
        confirmLabel={t('payment.cancelConfirm')}
        cancelLabel={t('payment.cancelKeep')}
        onConfirm={() => {
          setConfirming(false);
          void action.run(order.id);
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Where to go once the order needs nothing more from the player; a new recharge when it did not succeed. */
export function OrderNext({ newRecharge }: { newRecharge: boolean }) {
  const { t } = useI18n();
  return (
    <div className="payment__next">
      <Link to={paths.wallet.getHref()} className="button button--primary">
        {t('payment.toWallet')}
      </Link>
      <Link to={paths.rechargeHistory.getHref()} className="button button--ghost">
        {t('payment.toHistory')}
      </Link>
      {newRecharge && (
        <Link to={paths.recharge.getHref()} className="button button--ghost">
          {t('payment.newRecharge')}
        </Link>
      )}
    </div>
  );
}

/** Time left to pay, on the server's clock, and what to say once it has run out. */
export function OrderCountdown({ expiresAt, label, over }: { expiresAt: string; label: string; over: string }) {
  const now = useServerNow(1000);
  const left = remainingMs(expiresAt, now);
  return (
    <div className="countdown">
      <p className="countdown__line">
        {label}{' '}
        <time className="countdown__time" role="timer" dateTime={expiresAt}>
          {formatCountdown(left)}
        </time>
      </p>
      {left === 0 && <p className="countdown__over">{over}</p>}
    </div>
  );
}

/** "0x" and then groups of four characters: "0x", "1a2B", "3c4D", ... (a value without 0x: groups only). */
export function hexGroups(value: string): string[] {
  const hasPrefix = value.startsWith('0x');
  const rest = hasPrefix ? value.slice(2) : value;
  return [...(hasPrefix ? ['0x'] : []), ...(rest.match(/.{1,4}/g) ?? [])];
}

/** One labelled value of an order card, with a copy button when `copyWhat` names it. */
export function OrderFact({ label, value, copyWhat, hex = false }: { label: string; value: string; copyWhat?: string; hex?: boolean }) {
  return (
    <div className="payment-card__fact">
      <dt>{label}</dt>
      <dd>
        {hex ? (
          // Groups of four that wrap only between groups, so a player can compare an address
          // block by block; the groups are boxes, not spaces, so the text (and a copy) is intact.
          <span className="payment-card__value usdt-hex">
            {hexGroups(value).map((group, i) => (
              <span key={i} className="usdt-hex__group">
                {group}
              </span>
            ))}
          </span>
        ) : (
          <span className="payment-card__value">{value}</span>
        )}
        {copyWhat && <CopyButton value={value} what={copyWhat} />}
      </dd>
    </div>
  );
}
