import type { SupportThread } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fake-api';
import { renderApp, signInForTests, skipSplash } from '../../test/render';

/** A stand-in for the player's socket: the test sends its messages. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.onclose = null;
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const T = '2026-11-28T06:00:00.000Z';
function thread(over: Partial<SupportThread> = {}): SupportThread {
  return {
    id: 'tkt_abcdef123',
    category: 'withdrawal',
    status: 'open',
    link: { kind: 'withdrawal', id: 'wd_abc123456' },
    complaint: false,
    createdAt: T,
    updatedAt: T,
    responseDueAt: '2026-11-29T06:00:00.000Z',
    expectedResponseHours: 24,
    reopenableUntil: null,
    finalResponse: null,
    messages: [{ id: 'msg_1', author: 'player', body: 'My withdrawal has not arrived', at: T, internal: false, operator: null, attachments: [] }],
    ...over,
  };
}
const ticketUrl = (template: string) => template.replace(':ticketId', 'tkt_abcdef123');

describe('Help page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
    FakeSocket.last = null;
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the standing notice and opens a ticket linked to the withdrawal it was reported from', async () => {
    const api = stubApi({
      [`GET ${LAZY_API_PATHS.support_tickets}`]: () => ({ body: { data: { items: [] } } }),
      [`POST ${LAZY_API_PATHS.support_tickets}`]: () => ({ body: { data: thread() } }),
      [`GET ${ticketUrl(LAZY_API_PATHS.support_ticket)}`]: () => ({ body: { data: thread() } }),
    });
    renderApp('/main/Help?report=withdrawal:wd_abc123456');
    expect(await screen.findByText(/never asks for a deposit to “unlock” a withdrawal/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Withdrawal wd_abc123456')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Topic' }) as HTMLSelectElement).value).toBe('withdrawal');
    fireEvent.change(screen.getByRole('textbox', { name: 'Describe the problem' }), { target: { value: 'My withdrawal has not arrived' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to support' }));

    expect(await screen.findByRole('heading', { name: 'Ticket tkt_abcdef123' })).toBeTruthy();
    expect(api.callsTo('POST', LAZY_API_PATHS.support_tickets)[0]!.body).toEqual({ category: 'withdrawal', message: 'My withdrawal has not arrived', link: { kind: 'withdrawal', id: 'wd_abc123456' } });
    expect(screen.getByText('My withdrawal has not arrived')).toBeTruthy();
  });

  it('shows support’s reply when the socket says the ticket changed (no polling), and resolves', async () => {
    let current = thread();
    const api = stubApi({
      [`GET ${LAZY_API_PATHS.support_tickets}`]: () => ({ body: { data: { items: [current] } } }),
      [`GET ${ticketUrl(LAZY_API_PATHS.support_ticket)}`]: () => ({ body: { data: current } }),
      [`POST ${ticketUrl(LAZY_API_PATHS.support_ticket_resolve)}`]: () => ({ body: { data: (current = thread({ ...current, status: 'resolved', responseDueAt: null, reopenableUntil: '2099-01-01T00:00:00.000Z' })) } }),
    });
    renderApp('/main/Help?ticket=tkt_abcdef123');
    expect(await screen.findByText('Waiting for support')).toBeTruthy();
    await waitFor(() => expect(FakeSocket.last?.sent).toEqual([{ type: 'auth', accessToken: 'test-access-token' }]));
    FakeSocket.last!.receive({ type: 'authenticated', playerId: 7 });
    const reads = api.callsTo('GET', ticketUrl(LAZY_API_PATHS.support_ticket)).length;

    current = thread({
      status: 'waiting_player',
      responseDueAt: null,
      messages: [...current.messages, { id: 'msg_2', author: 'operator', body: 'We have asked the bank.', at: T, internal: false, operator: null, attachments: [] }],
    });
    FakeSocket.last!.receive({ type: 'supportTicket', ticketId: 'tkt_abcdef123', status: 'waiting_player' });
    expect(await screen.findByText('We have asked the bank.')).toBeTruthy();
    expect(api.callsTo('GET', ticketUrl(LAZY_API_PATHS.support_ticket)).length).toBe(reads + 1);
    expect(screen.getAllByText('Support replied').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'My problem is solved' }));
    expect(await screen.findByRole('button', { name: 'Reopen ticket' })).toBeTruthy();
    expect(api.callsTo('POST', ticketUrl(LAZY_API_PATHS.support_ticket_resolve))).toHaveLength(1);
  });
  it('downloads a file of the thread with the player’s token (a plain link could not send it)', async () => {
    const withFile = thread({
      messages: [{ id: 'msg_1', author: 'player', body: 'Here is my payment screen', at: T, internal: false, operator: null, attachments: [{ id: 'att_123456789', fileName: 'upi.png', contentType: 'image/png', bytes: 15 }] }],
    });
    const fileUrl = ticketUrl(LAZY_API_PATHS.support_attachment).replace(':attachmentId', 'att_123456789');
    const api = stubApi({
      [`GET ${ticketUrl(LAZY_API_PATHS.support_ticket)}`]: () => ({ body: { data: withFile } }),
      [`GET ${fileUrl}`]: () => ({ body: 'the bytes' }),
    });
    const created: Blob[] = [];
    // jsdom has no object URLs: this test's own, removed at its end.
    const urls = URL as unknown as { createObjectURL?: (b: Blob) => string; revokeObjectURL?: (u: string) => void };
    urls.createObjectURL = (b) => (created.push(b), 'blob:file');
    urls.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderApp('/main/Help?ticket=tkt_abcdef123');
    fireEvent.click(await screen.findByRole('button', { name: 'Attachment 1: upi.png' }, { timeout: 15_000 }));
    await waitFor(() => expect(clicked).toEqual(['upi.png blob:file']));
    const call = api.fetchMock.mock.calls.find(([u]) => String(u).endsWith(fileUrl))!;
    expect((call[1]!.headers as Record<string, string>).Authorization).toMatch(/^Bearer .+/);
    expect(created).toHaveLength(1);
    click.mockRestore();
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });
});
