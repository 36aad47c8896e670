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
  userAgent = 'operator-test';

  constructor(
    private readonly app: FastifyInstance,
    readonly username: string,
    readonly password: string,
    readonly totpSecret: string,
    private readonly clock: Clock,
    readonly address = '198.51.100.7',
  ) {}

  /** Creates an operator through the service (as the CLI does) and returns its client. */
  static async create(app: FastifyInstance, clock: Clock, username: string, role: OperatorRole, address?: string): Promise<OperatorClient> {
    const created = await app.admin.createOperator({ username, role });
    return new OperatorClient(app, username, created.password, created.totpSecret, clock, address);
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
        ...(this.cookie ? { cookie: `cp_admin=${this.cookie}` } : {}),
        ...opts.headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'cp_admin');
    if (set) this.cookie = set.value || undefined;
    return res;
  }
}
