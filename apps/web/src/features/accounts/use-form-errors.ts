import { useCallback, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import type { FormError, FormErrors } from './auth-errors';

/** Form errors in state, and their text through i18n. */
export function useFormErrors<F extends string>() {
  const { t } = useI18n();
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const text = useCallback(
    (field: F | 'form'): string | null => {
      const error: FormError | undefined = errors[field];
      if (!error) return null;
      return 'minutes' in error ? t('accounts.error.rateLimited', { minutes: error.minutes }) : t(error.key);
    },
    [errors, t],
  );
  return { errors, setErrors, text, hasErrors: Object.values(errors).some(Boolean) };
}
