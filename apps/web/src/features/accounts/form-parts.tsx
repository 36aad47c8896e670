import type { ReactElement, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';
import { paths } from '../../config/paths';
import { useI18n } from '../../lib/i18n';
import { returnPathFrom } from '../../lib/return-to';
import { useSession } from '../../lib/session';
import { TextField, type TextFieldProps } from '../../components/ui/text-field';
import './accounts-i18n';

/** The account forms' own fields on top of the form system (components/ui/form.tsx). */

type FieldProps = Omit<TextFieldProps, 'label' | 'type'>;

/** The mobile number field every account form starts with. */
export function PhoneField(props: FieldProps) {
  const { t } = useI18n();
  return <TextField label={t('accounts.phone')} hint={t('accounts.phoneHint')} type="tel" inputMode="numeric" autoComplete="tel-national" {...props} />;
}

/** A password field: the player's current one (login) or a new one, with the rules as a hint. */
export function PasswordField({ isNew, label, ...props }: FieldProps & { isNew: boolean; label?: string }) {
  const { t } = useI18n();
  return (
    <TextField
      label={label ?? t('accounts.password')}
      hint={isNew ? t('accounts.passwordHint') : undefined}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      {...props}
    />
  );
}

/**
 * Login and register have nothing to do for a player who is logged in, here or, a moment ago,
 * in another tab (the session's 1-second re-check, decision 015): they go on to the page that was wanted,
 * or to `fallback` (the account page after logging in, Home after registering: decision 479).
 */
export function useWantedPageOnceLoggedIn(submitting: boolean, fallback: string = paths.account.path): ReactElement | null {
  const { status } = useSession();
  const { search } = useLocation();
  if (status !== 'logged_in' || submitting) return null;
  return <Navigate to={returnPathFrom(search, fallback)} replace />;
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
 * An account form with its opening sentence, on the form system's submit (no browser
 * validation, no reload).
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
  onSubmit: (event?: React.FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="auth__form" noValidate onSubmit={onSubmit}>
      <p className="auth__intro" role={announceIntro ? 'status' : undefined}>
        {intro}
      </p>
      {children}
    </form>
  );
}
