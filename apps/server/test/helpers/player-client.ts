import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A tiny API client over `inject` that keeps the refresh cookie like a browser would. */
export class PlayerClient {
  refreshCookie: string | undefined;
  /** The device cookie (decision 242), sent back only to the login route like a browser does. */
  deviceCookie: string | undefined;
  token: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly address = '203.0.113.10',
    /** Like the web client before a call: renew an expired access token once and retry. */
    private readonly autoRefresh = false,
  ) {}

  async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const res = await this.once(method, url, body);
    if (this.autoRefresh && res.statusCode === 401 && this.refreshCookie && url !== '/api/refresh-token') {
      const refreshed = await this.once('POST', '/api/refresh-token');
      if (refreshed.statusCode === 200) return this.once(method, url, body);
    }
    return res;
  }

  private async once(method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.cookieHeader(url) ? { cookie: this.cookieHeader(url) } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const setCookie = res.cookies.find((c) => c.name === 'cp_refresh');
    if (setCookie) this.refreshCookie = setCookie.value || undefined;
    const device = res.cookies.find((c) => c.name === 'cp_device');
    if (device) this.deviceCookie = device.value || undefined;
    // A file (a support attachment) is not JSON: only JSON answers can carry a token.
    const data = res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json') ? res.json()?.data : undefined;
    if (data && typeof data.token === 'string') this.token = data.token;
    return res;
  }

  private cookieHeader(url: string): string {
    const parts = [this.refreshCookie ? `cp_refresh=${this.refreshCookie}` : '', this.deviceCookie && url.split('?')[0] === '/api/login' ? `cp_device=${this.deviceCookie}` : ''];
    return parts.filter(Boolean).join('; ');
  }

  /**
   * Registers the way the web app does: asks for a code, reads it through the sandbox outbox
   * with the handle the request returned, then registers with it. Any non-200 step is returned.
   */
  async register(phone: string, password = 'Tiger-Lily-42', extra: Record<string, unknown> = {}) {
    const requested = await this.call('POST', '/api/register/request-code', { phone });
    if (requested.statusCode !== 200) return requested;
    const code = await this.sandboxCode(requested.json().data.sandboxHandle);
    return this.call('POST', '/api/register', { phone, code: code ?? '000000', password, ageConfirmed: true, ...extra });
  }

  /** The 6-digit code in the sandbox message a code request's handle points at, if any. */
  async sandboxCode(handle: string | undefined): Promise<string | undefined> {
    if (!handle) return undefined;
    const res = await this.once('GET', `/api/sandbox/sms-outbox?handle=${encodeURIComponent(handle)}`);
    const body: string | undefined = res.json()?.data?.messages?.[0]?.body;
    return /\b(\d{6})\b/.exec(body ?? '')?.[1];
  }

  login(phone: string, password = 'Tiger-Lily-42') {
    return this.call('POST', '/api/login', { phone, password });
  }
}
