import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ErrorCode } from '@colorplay/contract';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage, messageText, type MessageRef } from '../../lib/api-errors';
import { useI18n, type PlainMessageKey } from '../../lib/i18n';

/**
 * The one form and error system (docs/decisions/060-form-system.md). A form declares its fields
 * once (initial value, a client check, the message for a server issue at its path); the hook
 * gives each field its props, checks on submit, maps a server error to fields (the contract's
 * `issues` by path, and codes that belong to one field) or to the form, focuses the first bad
 * field and has its error announced, and runs the submit single-flight. The submit button is
 * `aria-disabled` in flight rather than `disabled`, so focus stays on it (a disabled button
 * drops focus to <body>) and the form's alert is read out.
 */

type Values = Record<string, string | boolean>;

/** A client check: a message key (or ref) for a bad value, null for a good one. */
export type FieldCheck<V extends Values, K extends keyof V> = (value: V[K], values: V) => PlainMessageKey | MessageRef | null;

export interface FieldSpec<V extends Values, K extends keyof V> {
  initial: V[K];
  validate?: FieldCheck<V, K>;
  /** What to say beside the field when the server reports a validation issue at its path. */
  issueMessage?: PlainMessageKey;
}

export type FieldSpecs<V extends Values> = { [K in keyof V]: FieldSpec<V, K> };

export interface FormOptions<V extends Values> {
  fields: FieldSpecs<V>;
  /** Server codes that are about one field (PHONE_ALREADY_REGISTERED -> phone). */
  codeFields?: Partial<Record<ErrorCode, keyof V & string>>;
  /** Sends the form; a thrown error is mapped to the fields or the form. */
  onSubmit: (values: V) => Promise<void> | void;
}

type Errors<V> = Partial<Record<keyof V | 'form', MessageRef>>;

const toRef = (m: PlainMessageKey | MessageRef): MessageRef => (typeof m === 'string' ? { key: m } : m);

/** Maps a failed call to field errors (issues by path, codes that name a field) or a form error. */
export function serverErrors<V extends Values>(err: unknown, fields: FieldSpecs<V>, codeFields: Partial<Record<ErrorCode, keyof V & string>> = {}): Errors<V> {
  if (err instanceof ApiError) {
    const field = codeFields[err.code as ErrorCode];
    if (field) return { [field]: apiErrorMessage(err) } as Errors<V>;
    if (err.code === 'VALIDATION_FAILED') {
      const found: Errors<V> = {};
      for (const issue of err.issues ?? []) {
        const name = issue.path.split('.')[0] ?? '';
        const spec = (fields as unknown as Record<string, { issueMessage?: PlainMessageKey } | undefined>)[name];
        if (spec?.issueMessage && !found[name as keyof V]) found[name as keyof V] = { key: spec.issueMessage };
      }
      if (Object.keys(found).length > 0) return found;
    }
  }
  return { form: apiErrorMessage(err) } as Errors<V>;
}

export interface Form<V extends Values> {
  values: V;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Translated error of a field or of the form, or null. */
  error: (name: keyof V | 'form') => string | null;
  /** Props for a TextField: value, change, error (announced), ref for focus. */
  field: <K extends keyof V & string>(
    name: K,
  ) => { name: K; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; error: string | null; announceError: true; ref: (el: HTMLInputElement | null) => void };
  /** Props for a checkbox. */
  checkbox: <K extends keyof V & string>(
    name: K,
  ) => { name: K; checked: boolean; onChange: (e: ChangeEvent<HTMLInputElement>) => void; ref: (el: HTMLInputElement | null) => void; 'aria-invalid': true | undefined };
  /** Checks one field now (e.g. on blur) and shows or clears its error, without moving focus. */
  checkField: (name: keyof V) => void;
  /** Shows a server error (from a call made outside onSubmit). */
  showServerError: (err: unknown) => void;
  /** Sets errors directly (e.g. a check that spans the form). */
  setErrors: (errors: Errors<V>) => void;
  busy: boolean;
  onSubmit: (event?: FormEvent) => void;
}

export function useForm<V extends Values>({ fields, codeFields, onSubmit }: FormOptions<V>): Form<V> {
  const { t } = useI18n();
  const [values, setValues] = useState<V>(() => {
    const initial = {} as V;
    for (const name of Object.keys(fields) as (keyof V)[]) initial[name] = fields[name].initial;
    return initial;
  });
  const [errors, setErrorsState] = useState<Errors<V>>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const elements = useRef(new Map<keyof V, HTMLInputElement>());
  const refCallbacks = useRef(new Map<keyof V, (el: HTMLInputElement | null) => void>());
  const names = Object.keys(fields) as (keyof V & string)[];

  const refFor = useCallback((name: keyof V) => {
    let cb = refCallbacks.current.get(name);
    if (!cb) {
      cb = (el) => {
        if (el) elements.current.set(name, el);
        else elements.current.delete(name);
      };
      refCallbacks.current.set(name, cb);
    }
    return cb;
  }, []);

  /** Shows errors and moves focus to the first bad field in declaration order. */
  const show = useCallback(
    (found: Errors<V>) => {
      setErrorsState(found);
      const first = names.find((n) => found[n]);
      if (first) elements.current.get(first)?.focus();
    },
    // names follow the declared fields, which a form never changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Editing a field clears its own error and the form's, which was about the last try.
    setErrorsState((e) => (e[name] || e.form ? { ...e, [name]: undefined, form: undefined } : e));
  }, []);

  const submit = async () => {
    if (inFlight.current) return;
    const found: Errors<V> = {};
    for (const name of names) {
      const problem = fields[name].validate?.(values[name], values);
      if (problem) found[name] = toRef(problem);
    }
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    setErrorsState({});
    inFlight.current = true;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (err) {
      show(serverErrors(err, fields, codeFields));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const error = (name: keyof V | 'form') => {
    const ref = errors[name];
    return ref ? messageText(t, ref) : null;
  };

  return {
    values,
    setValue,
    error,
    field: (name) => ({
      name,
      value: String(values[name]),
      onChange: (e) => setValue(name, e.target.value as V[typeof name]),
      error: error(name),
      announceError: true,
      ref: refFor(name),
    }),
    checkbox: (name) => ({
      name,
      checked: values[name] === true,
      onChange: (e) => setValue(name, e.target.checked as V[typeof name]),
      ref: refFor(name),
      'aria-invalid': errors[name] ? true : undefined,
    }),
    checkField: (name) => {
      const problem = fields[name].validate?.(values[name], values);
      setErrorsState((e) => ({ ...e, [name]: problem ? toRef(problem) : undefined }));
    },
    showServerError: (err) => show(serverErrors(err, fields, codeFields)),
    setErrors: show,
    busy,
    onSubmit: (event) => {
      event?.preventDefault();
      void submit();
    },
  };
}

/** A problem with the form as a whole (wrong credentials, no connection), announced at once. */
export function FormAlert({ text, className = 'form-error' }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p className={className} role="alert">
      {text}
    </p>
  );
}

/**
 * The submit button: relabelled and `aria-disabled` while the form is sending. Not `disabled`:
 * that would drop keyboard and screen-reader focus to <body> mid-submit.
 */
export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button type="submit" className={className} aria-disabled={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  );
}
