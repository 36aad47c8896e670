import { useCallback, useEffect, useState, type ComponentProps } from 'react';
import { TextField } from '../../components/ui/text-field';
import { formatDateTimeIst } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { readSandboxOutbox, type CodeRequested, type SandboxSms } from './api';
import './signup-i18n';
import './accounts-i18n';

/**
 * A countdown in whole seconds, ticking once a second. `start` sets the clock as well as the end,
 * so the first value shown is the full wait, not one measured from an old tick.
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [clock, setClock] = useState<{ now: number; until: number | null }>({ now: 0, until: null });
  const { until } = clock;
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock((c) => (now >= until ? { now, until: null } : { ...c, now }));
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ now, until: now + seconds * 1000 });
  }, []);
  return { secondsLeft: until === null ? 0 : Math.max(0, Math.ceil((until - clock.now) / 1000)), start };
}

/**
 * The sandbox SMS of a code request, read with the handle the request returned. Without a handle
 * (a real SMS channel) there is nothing to read and nothing is asked.
 */
export async function sandboxSmsFor(requested: CodeRequested): Promise<SandboxSms | null> {
  if (!requested.sandboxHandle) return null;
  return (await readSandboxOutbox(requested.sandboxHandle))?.[0] ?? null;
}

/** The message a phone would have received, shown on the page with the sandbox SMS channel. */
export function SandboxSmsView({ sms, phone }: { sms: SandboxSms; phone: string }) {
  const { t } = useI18n();
  return (
    <section className="sandbox-sms" aria-label={t('rpwd.sandboxSms', { phone })}>
      <p className="sandbox-sms__note">{t('accounts.sandboxNote')}</p>
      <p className="sandbox-sms__body">{sms.body}</p>
      <p className="sandbox-sms__time">{formatDateTimeIst(new Date(sms.createdAt))}</p>
    </section>
  );
}

/**
 * The registration code: a button that sends it to the number in the form (and again after the
 * server's cooldown), the code input, and in sandbox mode the SMS itself. `request` returns the
 * number to send to, or null when the number is not valid (the form shows why).
 */
export function RegisterCodeField({
  request,
  send,
  onFailed,
  field,
}: {
  request: () => string | null;
  send: (phone: string) => Promise<CodeRequested>;
  onFailed: (err: unknown) => void;
  /** The code input's props from the form system (value, change, error, focus). */
  field: Omit<ComponentProps<typeof TextField>, 'label'>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ phone: string; minutes: number; sms: SandboxSms | null } | null>(null);
  const { secondsLeft, start } = useCountdown();

  const onSend = async () => {
    const phone = request();
    if (busy || phone === null) return;
    setBusy(true);
    try {
      const requested = await send(phone);
      start(requested.resendAfterSeconds);
      setSent({ phone, minutes: Math.round(requested.expiresInSeconds / 60), sms: await sandboxSmsFor(requested) });
    } catch (err) {
      onFailed(err);
    } finally {
      setBusy(false);
    }
  };

  const label = busy
    ? t('register.sending')
    : secondsLeft > 0
      ? t('rpwd.resendIn', { seconds: secondsLeft })
      : sent
        ? t('rpwd.resend')
        : t('register.sendCode');
  return (
    <div className="code-request">
      <button type="button" className="auth__secondary" disabled={busy || secondsLeft > 0} onClick={() => void onSend()}>
        {label}
      </button>
      {sent && (
        <p className="code-request__sent" role="status">
          {t('register.codeSent', { phone: sent.phone, minutes: sent.minutes })}
        </p>
      )}
      {sent?.sms && <SandboxSmsView sms={sent.sms} phone={sent.phone} />}
      <TextField
        label={t('register.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...field}
      />
    </div>
  );
}
