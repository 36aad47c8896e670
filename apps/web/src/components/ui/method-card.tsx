import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/**
 * One choice of a money method as a card (decision 472): a real radio button drawn as a ring, the
 * method's mark, its name (the radio's accessible name) and a line of detail (its description),
 * with room on the right for extra marks or an action. The recharge channels and the payout
 * methods both use it, so the two pages look and behave alike.
 */
export function MethodCard({
  group,
  value,
  checked,
  disabled = false,
  onSelect,
  mark,
  label,
  detail,
  extra,
}: {
  /** The radio group's name. */
  group: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  mark: IconName;
  label: string;
  detail?: ReactNode;
  /** Shown at the card's end, outside the accessible name (e.g. the UPI apps' marks). */
  extra?: ReactNode;
}) {
  const ids = { label: useId(), detail: useId() };
  return (
    <label className="method-card" data-disabled={disabled || undefined}>
      <input
        type="radio"
        className="method-card__radio"
        name={group}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-labelledby={ids.label}
        aria-describedby={detail ? ids.detail : undefined}
      />
      <span className="method-card__mark">
        <Icon name={mark} />
      </span>
      <span className="method-card__text">
        <span id={ids.label} className="method-card__name">
          {label}
        </span>
        {detail && (
          <span id={ids.detail} className="method-card__detail">
            {detail}
          </span>
        )}
      </span>
      {extra && <span className="method-card__extra">{extra}</span>}
    </label>
  );
}
