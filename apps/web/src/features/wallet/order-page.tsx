import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/ui/copy-button';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage, messageText } from '../../lib/api-errors';
import { useI18n } from '../../lib/i18n';
import { useServerNow } from '../../lib/server-clock';
import { formatCountdown, remainingMs } from './countdown';
import './i18n';

/**
 * The frame of one order's page, shared by the UPI payment page and the USDT address screen: no
 * order id, an unknown order, a load error with retry, loading, or the order itself, which the
 * caller renders.
 */
export function OrderPage<O>({
  title,
  orderId,
  order,
  error,
  refresh,
  children,
}: {
  title: string;
  orderId: string | null;
  order: O | undefined;
  error: unknown;
  refresh: () => void;
  children: (order: O) => ReactNode;
}) {
  const { t } = useI18n();

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
    body = children(order);
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
