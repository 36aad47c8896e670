import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OperatorRole } from '@colorplay/contract';
import type { Clock } from '../../src/lib/clock';
import { totpCode } from '../../src/modules/admin';

/**
 * A console client over `inject` that keeps the cp_admin cookie like a browser and sends the
 * CSRF header on writes (as the /admin web app does).
 */
export class OperatorClient {
  cookie: string | undefined;
  /** The device cookie (decision 242), sent back only to the login route like a browser does. */
  deviceCookie: string | undefined;
  userAgent = 'operator-test';

  constructor(
    private readonly app: FastifyInstance,
    readonly username: string,
    readonly password: string,
    readonly totpSecret: string,
    private readonly clock: Clock,
    readonly address = '198.51.100.7',
  ) {}

  /**
   * Creates an operator through the service with a chosen password (not a one-time one, so the
   * console is usable at once) and returns its client.
   */
  static async create(app: FastifyInstance, clock: Clock, username: string, role: OperatorRole, address?: string): Promise<OperatorClient> {
    const password = `Pw-${username}-0123456789`;
    const created = await app.admin.createOperator({ username, role, password });
    return new OperatorClient(app, username, password, created.totpSecret, clock, address);
  }

  code(offsetSteps = 0): string {
    return totpCode(this.totpSecret, this.clock.now().getTime() + offsetSteps * 30_000);
  }

  login(overrides: { password?: string; code?: string } = {}): Promise<LightMyRequestResponse> {
    return this.call('POST', '/api/admin/login', { username: this.username, password: overrides.password ?? this.password, code: overrides.code ?? this.code() });
  }

  async call(method: 'GET' | 'POST', url: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        'user-agent': this.userAgent,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' && opts.csrf !== false ? { 'x-colorplay-admin': '1' } : {}),
        ...(this.cookieHeader(url) ? { cookie: this.cookieHeader(url) } : {}),
        ...opts.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'cp_admin');
    if (set) this.cookie = set.value || undefined;
    const device = res.cookies.find((c) => c.name === 'cp_admin_device');
    if (device) this.deviceCookie = device.value || undefined;
    return res;
  }

  private cookieHeader(url: string): string {
    const parts = [this.cookie ? `cp_admin=${this.cookie}` : '', this.deviceCookie && url === '/api/admin/login' ? `cp_admin_device=${this.deviceCookie}` : ''];
    return parts.filter(Boolean).join('; ');
  }
}
