import { API_PATHS } from '@colorplay/contract/paths';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { makeKyc, stubWithdrawApi } from '../../test/fake-withdraw-api';
import type { KycStatus } from '@colorplay/contract';
import { todayIst } from './checks';
import { KYC_POLL_MS } from './kyc-page';

function stub(kyc: Partial<KycStatus> = {}, extra: Parameters<typeof stubWithdrawApi>[0] = {}) {
  return stubWithdrawApi({ [`GET ${API_PATHS.kyc_status}`]: () => ({ body: { data: makeKyc(kyc) } }), ...extra });
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A date of birth `years` years before today in India, as the date input gives it. */
function birthdayYearsAgo(years: number, dayOffset = 0): string {
  const [y, m, d] = todayIst(Date.now()).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + dayOffset));
  return date.toISOString().slice(0, 10);
}

function fill({ name = 'Asha Rao', dob = '1990-05-17', pan = 'abcde1234f' } = {}) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Full name (as on your PAN card)' }), { target: { value: name } });
  // Typed day first, as India writes it; the tests name dates in ISO.
  const dayFirst = /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob.split('-').reverse().join('/') : dob;
  fireEvent.change(screen.getByRole('textbox', { name: 'Date of birth' }), { target: { value: dayFirst } });
  fireEvent.change(screen.getByRole('textbox', { name: 'PAN' }), { target: { value: pan } });
}

function attach(file: File) {
  fireEvent.change(screen.getByLabelText('Photo or PDF of your PAN card'), { target: { files: [file] } });
}

describe('KYC page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('sends name, date of birth, upper-case PAN and the document in base64, then shows "Under review"', async () => {
    const submitted = makeKyc({ status: 'pending', submittedAt: '2026-01-15T18:40:05.000Z', fullName: 'Asha Rao', panMasked: 'ABCDE••••F' });
    const api = stub({}, { [`POST ${API_PATHS.kyc_submit}`]: () => ({ body: { data: submitted } }) });
    renderApp('/wallet/Kyc');
    expect(await screen.findByText('We need to check who you are before the first withdrawal. You must be 18 or older.')).toBeTruthy();
    expect(screen.getByText('Not submitted')).toBeTruthy();
    fill();
    attach(new File([PNG_BYTES], 'pan.png', { type: 'image/png' }));
    expect(screen.getByText('Chosen: pan.png (1 KB)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(screen.getByText('We received your details on 2026-01-16 00:10:05 and are checking them.')).toBeTruthy();
    expect(screen.getByText('Submitted for Asha Rao, PAN ABCDE••••F')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    const [call] = api.callsTo('POST', API_PATHS.kyc_submit);
    expect(call!.body).toEqual({
      fullName: 'Asha Rao',
      dateOfBirth: '1990-05-17',
      panNumber: 'ABCDE1234F',
      document: { base64: btoa(String.fromCharCode(...PNG_BYTES)), fileName: 'pan.png' },
    });
  });

  it('refuses a player under the configured age on the day before the birthday, and accepts on the day', async () => {
    const api = stub();
    renderApp('/wallet/Kyc');
    await screen.findByRole('button', { name: 'Submit for review' });
    fill({ dob: birthdayYearsAgo(18, 1) });
    attach(new File([PNG_BYTES], 'pan.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('You must be 18 or older.')).toBeTruthy();
    expect(api.callsTo('POST', API_PATHS.kyc_submit)).toHaveLength(0);

    fill({ dob: birthdayYearsAgo(18) });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(api.callsTo('POST', API_PATHS.kyc_submit)).toHaveLength(1));
  });

  it('checks the PAN format and that a document is attached', async () => {
    const api = stub();
    renderApp('/wallet/Kyc');
    await screen.findByRole('button', { name: 'Submit for review' });
    fill({ pan: 'ABCD12345F' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('A PAN is 10 characters like ABCDE1234F.')).toBeTruthy();
    expect(screen.getByText('Attach a photo or PDF of your PAN card.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'PAN' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', API_PATHS.kyc_submit)).toHaveLength(0);
  });

  it('tells at once when a file has the wrong type or is too large, before any upload', async () => {
    const api = stub({ maxDocumentBytes: 1024 });
    renderApp('/wallet/Kyc');
    await screen.findByRole('button', { name: 'Submit for review' });
    expect(screen.getByText('JPEG, PNG or PDF, at most 1 KB.')).toBeTruthy();
    attach(new File(['GIF89a'], 'pan.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Use a JPEG, PNG or PDF file.')).toBeTruthy();
    attach(new File([new Uint8Array(2048)], 'pan.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The file is too large: at most 1 KB.')).toBeTruthy();
    const input = screen.getByLabelText('Photo or PDF of your PAN card');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,application/pdf');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('The file is too large: at most 1 KB.')).toBeTruthy();
    expect(api.callsTo('POST', API_PATHS.kyc_submit)).toHaveLength(0);
  });

  it('shows the server answer about the document beside the file field', async () => {
    stub({}, { [`POST ${API_PATHS.kyc_submit}`]: () => ({ status: 400, body: { error: { code: 'KYC_DOCUMENT_TYPE_INVALID', message: 'not an image' } } }) });
    renderApp('/wallet/Kyc');
    await screen.findByRole('button', { name: 'Submit for review' });
    fill();
    attach(new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Use a JPEG, PNG or PDF file.')).toBeTruthy();
  });

  it('shows the reason of a rejected check and the form to submit again', async () => {
    stub({ status: 'rejected', rejectionReason: 'The PAN photo is blurred', fullName: 'Asha Rao', panMasked: 'ABCDE••••F' });
    renderApp('/wallet/Kyc');
    expect(await screen.findByText('Your last submission was not accepted: The PAN photo is blurred. Correct it and submit again.')).toBeTruthy();
    expect(screen.getByText('Not accepted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
  });

  it('leads a verified player to the withdraw page, without a form', async () => {
    stub({ status: 'verified', fullName: 'Asha Rao', panMasked: 'ABCDE••••F' });
    renderApp('/wallet/Kyc');
    expect(await screen.findByText('Your identity is verified. You can withdraw.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to withdraw' }).getAttribute('href')).toBe('/wallet/Withdraw');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });
  it('draws the file picker as the app’s button with its own words, and says dd/mm/yyyy once', async () => {
    stub();
    renderApp('/wallet/Kyc');
    await screen.findByRole('button', { name: 'Submit for review' });
    const input = screen.getByLabelText('Photo or PDF of your PAN card') as HTMLInputElement;
    // The native input is the control, inside a label drawn as a button.
    expect(input.type).toBe('file');
    expect(input.closest('label')?.classList.contains('button')).toBe(true);
    expect(input.closest('label')?.textContent).toBe('Choose a photo or PDF');
    expect(screen.getByText('No file chosen yet.')).toBeTruthy();
    attach(new File([PNG_BYTES], 'pan.png', { type: 'image/png' }));
    expect(input.closest('label')?.textContent).toBe('Choose another file');
    // The format is the hint under the field; no placeholder repeats it inside.
    const dob = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(dob.getAttribute('placeholder')).toBeNull();
    expect(screen.getAllByText('dd/mm/yyyy')).toHaveLength(1);
  });

  it('shows the operator’s decision on a check under review without a reload', { timeout: 30_000 }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let kyc = makeKyc({ status: 'pending', submittedAt: '2026-01-15T18:40:05.000Z', fullName: 'Asha Rao', panMasked: 'ABCDE••••F' });
    stubWithdrawApi({ [`GET ${API_PATHS.kyc_status}`]: () => ({ body: { data: kyc } }) });
    renderApp('/wallet/Kyc');
    expect(await screen.findByText('Under review')).toBeTruthy();
    kyc = { ...kyc, status: 'verified' };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KYC_POLL_MS);
    });
    expect(await screen.findByText('Your identity is verified. You can withdraw.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to withdraw' })).toBeTruthy();
    vi.useRealTimers();
  });
});
