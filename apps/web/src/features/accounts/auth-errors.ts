import { ApiError } from '../../lib/api-client';
import type { PlainMessageKey } from '../../lib/i18n';

/** Errors of an account form: one per field, plus one for the form as a whole. */
export type FormErrors<F extends string> = Partial<Record<F | 'form', FormError>>;

/** A message key, with minutes for the rate-limit message. */
export type FormError = { key: PlainMessageKey } | { key: 'accounts.error.rateLimited'; minutes: number };

/**
 * Turns a failed account call into form errors. The server's English messages are not shown
 * as they are (decision 011): its stable code, and for validation the field path of each issue,
 * decide which of our translated messages appears beside which field.
 */
export function formErrorsFrom<F extends string>(err: unknown, fieldMessages: Partial<Record<string, PlainMessageKey>>): FormErrors<F> {
  if (!(err instanceof ApiError)) return { form: { key: 'accounts.error.generic' } } as FormErrors<F>;
  switch (err.code) {
    case 'INVALID_CREDENTIALS':
      return { form: { key: 'accounts.error.credentials' } } as FormErrors<F>;
    case 'PHONE_ALREADY_REGISTERED':
      return { phone: { key: 'accounts.error.phoneTaken' } } as FormErrors<F>;
    case 'OTP_INVALID':
      return { code: { key: 'accounts.error.codeWrong' } } as FormErrors<F>;
    case 'OTP_EXPIRED':
      return { code: { key: 'accounts.error.codeExpired' } } as FormErrors<F>;
    case 'OTP_ATTEMPTS_EXCEEDED':
      return { code: { key: 'accounts.error.codeAttempts' } } as FormErrors<F>;
    case 'SMS_UNAVAILABLE':
      return { form: { key: 'accounts.error.smsUnavailable' } } as FormErrors<F>;
    case 'RATE_LIMITED':
      return { form: { key: 'accounts.error.rateLimited', minutes: Math.max(1, Math.ceil((err.retryAfterSeconds ?? 60) / 60)) } } as FormErrors<F>;
    case 'NETWORK':
    case 'TIMEOUT':
      return { form: { key: 'accounts.error.network' } } as FormErrors<F>;
    case 'VALIDATION_FAILED': {
      const errors: Record<string, FormError> = {};
      for (const issue of err.issues ?? []) {
        const field = issue.path.split('.')[0] ?? '';
        const key = fieldMessages[field];
        if (key && !errors[field]) errors[field] = { key };
      }
      return (Object.keys(errors).length > 0 ? errors : { form: { key: 'accounts.error.generic' } }) as FormErrors<F>;
    }
    default:
      return { form: { key: 'accounts.error.generic' } } as FormErrors<F>;
  }
}
