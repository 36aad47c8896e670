import {
  SERVER_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  VENDOR_SIGNATURE_HEADER,
  VendorBalanceInputSchema,
  VendorBalanceSchema,
  VendorCreditInputSchema,
  VendorDebitInputSchema,
  VendorRollbackInputSchema,
  VendorSessionInputSchema,
  VendorSessionSchema,
  VendorTxResultSchema,
} from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { GameProvider } from '../games';
import type { VendorWalletService } from './service';
import { verifyVendorCall } from './signature';

export type VendorWalletRoutesOptions = { wallet: VendorWalletService; provider: GameProvider; clock: Clock };

/** The concrete path of one provider's call (SERVER_PATHS holds them with `:provider`). */
export const vendorWalletPath = (name: 'session' | 'balance' | 'debit' | 'credit' | 'rollback', provider: string): string =>
  SERVER_PATHS[`vendor_wallet_${name}`].replace(':provider', provider);

/**
 * One provider's seamless wallet API. Registered once per configured provider, so a provider that
 * is off has no routes. The signature covers the exact bytes received, so this plugin parses
 * JSON itself from the raw body (encapsulated: other routes keep Fastify's parser).
 */
export const vendorWalletRoutes: FastifyPluginAsync<VendorWalletRoutesOptions> = async (app, { wallet, provider, clock }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  function route<S extends z.ZodType, R>(
    name: 'session' | 'balance' | 'debit' | 'credit' | 'rollback',
    description: string,
    input: S,
    output: z.ZodType,
    handle: (body: z.infer<S>) => Promise<R>,
  ) {
    app.post(
      vendorWalletPath(name, provider.code),
      {
        schema: {
          tags: ['vendor wallet'],
          description: `${description} Called by the vendor "${provider.code}"; signed with its secret in the ${VENDOR_SIGNATURE_HEADER} header (t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">, 300 s window).`,
          response: { 200: dataEnvelope(output), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[VENDOR_SIGNATURE_HEADER];
        const verdict = verifyVendorCall(provider.secret, typeof header === 'string' ? header : undefined, raw, clock.now());
        if (verdict !== 'ok') {
          request.log.warn({ verdict, provider: provider.code }, 'vendor call refused');
          throw new AppError('VENDOR_SIGNATURE_INVALID', `Vendor signature ${verdict}`);
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON');
        }
        const parsed = input.safeParse(json);
        if (!parsed.success) {
          throw new AppError(
            'VALIDATION_FAILED',
            'The call is not valid',
            parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
          );
        }
        return { data: await handle(parsed.data) };
      },
    );
  }

  route('session', 'Who the session token belongs to, the game and the balance (the vendor asks once at launch).', VendorSessionInputSchema, VendorSessionSchema, (b) =>
    wallet.session(provider.code, b.sessionToken),
  );
  route('balance', 'The balance the session plays with.', VendorBalanceInputSchema, VendorBalanceSchema, (b) => wallet.balance(provider.code, b.sessionToken));
  route(
    'debit',
    'A bet. Idempotent by txId. Short of money: status insufficient_funds with the balance. Refused after the session ended or when a rollback voided this txId.',
    VendorDebitInputSchema,
    VendorTxResultSchema,
    (b) => wallet.debit(provider.code, b),
  );
  route('credit', 'A win. Idempotent by txId; accepted after the session ended.', VendorCreditInputSchema, VendorTxResultSchema, (b) =>
    wallet.credit(provider.code, b),
  );
  route(
    'rollback',
    'Undoes the debit refTxId (once). A rollback of a debit never seen voids that id, so a late debit with it is refused.',
    VendorRollbackInputSchema,
    VendorTxResultSchema,
    (b) => wallet.rollback(provider.code, b),
  );
};
