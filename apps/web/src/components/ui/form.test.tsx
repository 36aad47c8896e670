import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The accounts' strings (the messages this test reads) are an area loaded with their screens (decision 482).
import '../../features/accounts/accounts-i18n';
import { ApiError } from '../../lib/api-client';
import { I18nProvider } from '../../lib/i18n';
import { FormAlert, SubmitButton, useForm } from './form';
import { TextField } from './text-field';

/** A two-field form on the form system whose submit the test settles. */
function setup() {
  const sent: { settle: (err?: ApiError) => void }[] = [];
  function Demo() {
    const form = useForm<{ phone: string; password: string }>({
      fields: {
        phone: { initial: '', validate: (v) => (/^\d{10}$/.test(v) ? null : 'accounts.error.phone'), issueMessage: 'accounts.error.phone' },
        password: { initial: '', validate: (v) => (v ? null : 'accounts.error.passwordRequired'), issueMessage: 'accounts.error.passwordWeak' },
      },
      codeFields: { PHONE_ALREADY_REGISTERED: 'phone' },
      onSubmit: () => new Promise<void>((resolve, reject) => sent.push({ settle: (err) => (err ? reject(err) : resolve()) })),
    });
    return (
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label="Phone" {...form.field('phone')} />
        <TextField label="Password" type="password" {...form.field('password')} />
        <FormAlert text={form.error('form')} />
        <SubmitButton busy={form.busy} label="Send" busyLabel="Sending…" />
      </form>
    );
  }
  render(
    <I18nProvider>
      <Demo />
    </I18nProvider>,
  );
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { sent, fill };
}

describe('form system', () => {
  it('on an invalid submit, focuses the first bad field and announces its error, sending nothing', () => {
    const { sent, fill } = setup();
    fill('Password', 'x');
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    expect(screen.getByRole('alert').textContent).toBe('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.');
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Phone').getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(sent).toHaveLength(0);
  });

  it('is single-flight and keeps focus on the button while sending (aria-disabled, not disabled)', () => {
    const { sent, fill } = setup();
    fill('Phone', '9876543210');
    fill('Password', 'secret-1');
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(busy);
    fireEvent.click(busy);
    expect(sent).toHaveLength(1);
  });

  it('puts a server issue beside the field at its path and focuses it', async () => {
    const { sent, fill } = setup();
    fill('Phone', '9876543210');
    fill('Password', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => sent[0]!.settle(new ApiError('VALIDATION_FAILED', 'bad', 400, [{ path: 'password', message: 'too common' }])));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.getByRole('alert').textContent).toBe('This password is too common or too easy to guess. Choose another.');
  });

  it('puts a code that belongs to a field beside it', async () => {
    const { sent, fill } = setup();
    fill('Phone', '9876543210');
    fill('Password', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => sent[0]!.settle(new ApiError('PHONE_ALREADY_REGISTERED', 'taken', 409)));
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));
    expect(screen.getByRole('alert').textContent).toBe('This number already has an account. Log in instead.');
  });

  it('announces a form-wide error while focus stays on the button, and clears it on the next edit', async () => {
    const { sent, fill } = setup();
    fill('Phone', '9876543210');
    fill('Password', 'wrong-one');
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.click(send);
    await act(async () => sent[0]!.settle(new ApiError('INVALID_CREDENTIALS', 'no', 401)));
    expect(screen.getByRole('alert').textContent).toBe('The mobile number or password is not right.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
    fill('Password', 'right-one');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
