import type { ReactElement, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { returnPathFrom } from '../../lib/return-to';
import { useSession } from '../../lib/session';
import { TextField } from '../../components/ui/text-field';

/** The mobile number field every account form starts with. */
export function PhoneField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('accounts.phone')}
      hint={t('accounts.phoneHint')}
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

/** A password field: the player's current one (login) or a new one, with the rules as a hint. */
export function PasswordField({
  value,
  onChange,
  error,
  isNew,
  name = 'password',
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  isNew: boolean;
  name?: string;
  /** Defaults to "Password". */
  label?: string;
}) {
  const { t } = useI18n();
  return (
    <TextField
      label={label ?? t('accounts.password')}
      hint={isNew ? t('accounts.passwordHint') : undefined}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/**
 * Login and register have nothing to do for a player who is logged in, here or, a moment ago,
 * in another tab (spec section 4's 1-second re-check): they go on to the page that was wanted.
 */
export function useWantedPageOnceLoggedIn(submitting: boolean): ReactElement | null {
  const { status } = useSession();
  const { search } = useLocation();
  if (status !== 'logged_in' || submitting) return null;
  return <Navigate to={returnPathFrom(search, paths.account.path)} replace />;
}

/** The page around an account form: top bar with its back arrow, then the form(s). */
export function AuthPage({ title, backTo, children }: { title: string; backTo: string; children: ReactNode }) {
  return (
    <main className="page auth">
      <TopBar title={title} backTo={backTo} />
      {children}
    </main>
  );
}

/**
 * An account form with its opening sentence. The browser's own validation is off (our messages
 * stand beside the fields) and the page never reloads on submit.
 */
export function AuthForm({
  intro,
  announceIntro = false,
  onSubmit,
  children,
}: {
  intro: string;
  /** Read the sentence out when it appears (e.g. "Code sent to …"). */
  announceIntro?: boolean;
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className="auth__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <p className="auth__intro" role={announceIntro ? 'status' : undefined}>
        {intro}
      </p>
      {children}
    </form>
  );
}
