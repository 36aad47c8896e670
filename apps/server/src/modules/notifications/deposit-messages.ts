import type { DomainEvent } from '@colorplay/contract';

/** ₹ amount as the inbox shows it: whole rupees and two-digit paise (50000 → "500.00"). */
export function rupees(amountMinor: number): string {
  const whole = Math.trunc(amountMinor / 100);
  const paise = Math.abs(amountMinor % 100);
  return `${whole}.${String(paise).padStart(2, '0')}`;
}

type DepositEvent = DomainEvent<'DepositSucceeded' | 'DepositFailed' | 'DepositExpired'>;

/** The inbox message a player gets for what happened to their recharge. */
export function depositMessage(event: DepositEvent): { title: string; body: string } {
  const { orderId, amountMinor } = event.payload;
  switch (event.name) {
    case 'DepositSucceeded':
      return { title: 'Recharge successful', body: `₹${rupees(amountMinor)} was added to your wallet (order ${orderId}).` };
    case 'DepositFailed':
      return {
        title: 'Recharge failed',
        body: `Your recharge of ₹${rupees(amountMinor)} (order ${orderId}) did not go through. No money was taken from your wallet.`,
      };
    case 'DepositExpired':
      return { title: 'Recharge expired', body: `Your recharge order ${orderId} for ₹${rupees(amountMinor)} expired before payment arrived.` };
  }
}
