import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useI18n } from '../../lib/i18n';
import './text-field.css';

/** Props of a labelled form field. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  /** Shown under the field, always (a rule) — the error replaces nothing, it is added. */
  hint?: string;
  /** An already translated error; marks the field invalid and is read with it. */
  error?: string | null;
  type?: 'text' | 'tel' | 'password' | 'date';
  /** Announce the error as soon as it appears (role=alert), for errors found on submit. */
  announceError?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An input with its label, an optional hint and an error that screen readers read with the
 * field. A password field gets a real button that shows or hides what was typed.
 */
export function TextField({ label, hint, error, type = 'text', announceError = false, ref, ...input }: TextFieldProps) {
  const { t } = useI18n();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const inputType = type === 'password' && revealed ? 'text' : type;

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...input}
          ref={ref}
          id={id}
          className="field__input"
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {type === 'password' && (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={revealed}
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            onClick={() => setRevealed((r) => !r)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
              {!revealed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
