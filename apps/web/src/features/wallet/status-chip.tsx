import type { DepositStatus } from '@colorplay/contract';
import { useI18n } from '../../lib/i18n';
import { STATUS_LABEL, STATUS_TONE } from './deposit-status';

/** An order's status as a chip: the word says it, the colour only repeats it. */
export function StatusChip({ status }: { status: DepositStatus }) {
  const { t } = useI18n();
  return <span className={`status-chip status-chip--${STATUS_TONE[status]}`}>{t(STATUS_LABEL[status])}</span>;
}
