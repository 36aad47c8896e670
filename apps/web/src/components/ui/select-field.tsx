import { useId, type SelectHTMLAttributes } from 'react';

/** One choice of a select field: the value sent and its translated label. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of a labelled select. */
export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> {
  label: string;
  options: readonly SelectOption[];
}

/**
 * The form system's select: its label above a native select drawn as the app's field (the
 * `.field` styles: the app's border, surface and a 44 px target). Native, so a phone opens its
 * own picker and a screen reader reads it as a combobox with its options.
 */
export function SelectField({ label, options, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} id={id} className="field__input">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
