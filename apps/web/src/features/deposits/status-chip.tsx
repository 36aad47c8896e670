import type { DepositStatus, UsdtDepositStatus } from '@colorplay/contract';
import { useI18n } from '../../lib/i18n';
import { STATUS_LABEL, STATUS_TONE } from './deposit-status';
import { USDT_STATUS_LABEL, USDT_STATUS_TONE } from './usdt-text';

/** A UPI order's status as a chip: the word says it, the colour only repeats it. */
export function StatusChip({ status }: { status: DepositStatus }) {
  const { t } = useI18n();
  return <span className={`status-chip status-chip--${STATUS_TONE[status]}`}>{t(STATUS_LABEL[status])}</span>;
}

/** A USDT order's status as a chip, in the same colour families. */
export function UsdtStatusChip({ status }: { status: UsdtDepositStatus }) {
  const { t } = useI18n();
  return <span className={`status-chip status-chip--${USDT_STATUS_TONE[status]}`}>{t(USDT_STATUS_LABEL[status])}</span>;
}
