import { useI18n } from '../../lib/i18n';
import { TextField } from './text-field';

/** The mobile number field every account form starts with. */
export function PhoneField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('auth.phone')}
      hint={t('auth.phoneHint')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      name="phone"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** A problem with the form as a whole (wrong credentials, rate limit, no connection), announced at once. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="auth__form-error" role="alert">
      {text}
    </p>
  );
}

/** The submit button: disabled and relabelled while the request is under way. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="auth__submit" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
