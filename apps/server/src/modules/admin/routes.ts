import {
  AdminKycParamsSchema,
  AdminKycRejectInputSchema,
  AdminWithdrawalApproveInputSchema,
  AdminWithdrawalParamsSchema,
  AdminWithdrawalRejectInputSchema,
  AdminWithdrawalReviewQuerySchema,
  ApproveWithdrawalResultSchema,
  KycReviewItemSchema,
  KycStatusSchema,
  KycSubmissionSchema,
  WithdrawalReviewItemSchema,
  WithdrawalReviewPageSchema,
  WithdrawalsPageSchema,
  WithdrawalsQuerySchema,
  ADMIN_CSRF_HEADER,
  ADMIN_CSRF_VALUE,
  ADMIN_SESSION_COOKIE,
  AdminLedgerPageSchema,
  AdminLedgerQuerySchema,
  AdminPlayerSchema,
  API_PATHS,
  AuditPageSchema,
  AuditQuerySchema,
  ChangeOperatorPasswordInputSchema,
  EnrolmentCompleteInputSchema,
  EnrolmentOfferSchema,
  EnrolmentStartInputSchema,
  OperatorAlertSchema,
  OperatorInvitationSchema,
  CreateOperatorInputSchema,
  dataEnvelope,
  DepositReviewInputSchema,
  UsdtReviewDecisionSchema,
  UsdtReviewInputSchema,
  UsdtReviewItemSchema,
  UsdtReviewParamsSchema,
  DepositReviewItemSchema,
  DepositReviewParamsSchema,
  DepositsPageSchema,
  DepositsQuerySchema,
  ErrorResponseSchema,
  MyWingoBetsQuerySchema,
  OkSchema,
  OperatorIdParamsSchema,
  OperatorLoginInputSchema,
  OperatorSchema,
  OperatorSessionSchema,
  PlayerIdParamsSchema,
  PlayerLookupQuerySchema,
  WingoBetsPageSchema,
  AdminPlayerSafetySchema,
  AdminLimitHitsSchema,
  AdminLimitHitsQuerySchema,
} from '@colorplay/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { markAuthGuard } from '../../plugins/auth-guard';
import type { DepositsService } from '../deposits';
import type { KycService } from '../kyc';
import type { WithdrawalsService } from '../withdrawals';
import type { LotteryService } from '../lottery';
import type { SafetyService } from '../safety';
import type { AdminAction } from './permissions';
import { ADMIN_DEVICE_COOKIE, ADMIN_SESSION_ABSOLUTE_SECONDS } from './rules';
import { DEVICE_COOKIE_DAYS } from '../auth';
import type { AdminService, OperatorPrincipal, RequestOrigin } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's guard on /api/admin routes. */
    operator: OperatorPrincipal;
  }
}

export type AdminRoutesOptions = {
  admin: AdminService;
  deposits: DepositsService;
  lottery: LotteryService;
  withdrawals: () => WithdrawalsService;
  kyc: () => KycService;
  secureCookies: boolean;
  /** Responsible gambling (decision 210): the console reads a player's controls; it can change none. */
  safety: Pick<SafetyService, 'state' | 'history' | 'frequentRefusals'>;
};

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const doc = { tags: ['admin'] };

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  // request.ip honours TRUST_PROXY (app.ts), so a client cannot pick its own address.
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

/**
 * The operator console's routes. Authentication is the cp_admin cookie only: a player's bearer
 * token means nothing here, and the cookie is scoped to /api/admin so it never reaches player
 * routes. Every request that changes something must carry `x-colorplay-admin: 1`: a form or
 * page on another site cannot send a custom header without a CORS preflight, which we refuse
 * (docs/admin.md, CSRF). SameSite=Strict is the first line; the header is the second.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin, deposits, lottery, withdrawals, kyc, secureCookies, safety }) => {
  const requireCsrfHeader = (request: FastifyRequest) => {
    if (request.headers[ADMIN_CSRF_HEADER] !== ADMIN_CSRF_VALUE) {
      throw new AppError('FORBIDDEN', `Console requests that change something must send the ${ADMIN_CSRF_HEADER} header`);
    }
  };
  /**
   * The guard: signed in, allowed the action, and (for writes) the CSRF header. `null` is for
   * the routes every signed-in operator may use, even before replacing a one-time password.
   * Marked as an auth guard, it runs in onRequest, before any input is validated (app.ts).
   */
  const guard = (action: AdminAction | null) => ({
    preHandler: markAuthGuard(async (request: FastifyRequest) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') requireCsrfHeader(request);
      request.operator = await admin.authenticate(request.cookies[ADMIN_SESSION_COOKIE]);
      if (action !== null) admin.authorize(request.operator, action);
    }, 'adminSession'),
  });
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure: secureCookies, path: '/api/admin' };
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions);
  // Nothing the console answers may be cached by a browser or proxy.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin')) reply.header('cache-control', 'no-store');
  });

  app.post(
    API_PATHS.admin_login,
    {
      preHandler: async (request) => requireCsrfHeader(request),
      schema: { ...doc, description: 'Username, password and TOTP code in one step; sets the cp_admin session cookie.', body: OperatorLoginInputSchema, response: { 200: dataEnvelope(OperatorSessionSchema), ...errors } },
    },
    async (request, reply) => {
      const { sessionId, session, deviceCookie } = await admin.login(request.body, originOf(request), request.cookies[ADMIN_DEVICE_COOKIE]);
      reply.setCookie(ADMIN_SESSION_COOKIE, sessionId, { ...cookieOptions, maxAge: ADMIN_SESSION_ABSOLUTE_SECONDS });
      // This browser signed in as this name: its own failures, not strangers', throttle it (decision 242).
      reply.setCookie(ADMIN_DEVICE_COOKIE, deviceCookie, { ...cookieOptions, path: API_PATHS.admin_login, maxAge: DEVICE_COOKIE_DAYS * 86_400 });
      return { data: session };
    },
  );

  app.post(
    API_PATHS.admin_logout,
    { ...guard(null), schema: { ...doc, response: { 200: dataEnvelope(OkSchema), ...errors } } },
    async (request, reply) => {
      await admin.logout(request.operator, originOf(request));
      clearCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    API_PATHS.admin_password,
    { ...guard(null), schema: { ...doc, body: ChangeOperatorPasswordInputSchema, response: { 200: dataEnvelope(OperatorSessionSchema), ...errors } } },
    async (request) => ({ data: await admin.changePassword(request.operator, request.body, originOf(request)) }),
  );

  app.get(API_PATHS.admin_me, { ...guard(null), schema: { ...doc, response: { 200: dataEnvelope(OperatorSessionSchema), ...errors } } }, async (request) => ({
    data: await admin.me(request.operator),
  }));

  app.get(
    API_PATHS.admin_deposits_review,
    { ...guard('deposits.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(DepositReviewItemSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.depositsForReview() } }),
  );

  app.post(
    API_PATHS.admin_deposit_decide,
    {
      ...guard('deposits.review'),
      schema: { ...doc, params: DepositReviewParamsSchema, body: DepositReviewInputSchema, response: { 200: dataEnvelope(z.object({ id: z.string(), status: z.string() })), ...errors } },
    },
    async (request) => ({
      data: await admin.reviewDeposit(request.params.orderId, request.body.decision, request.body.note, request.operator, originOf(request)),
    }),
  );

  app.get(
    API_PATHS.admin_usdt_review,
    { ...guard('usdt.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(UsdtReviewItemSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.usdtForReview() } }),
  );

  for (const [path, decision] of [
    [API_PATHS.admin_usdt_approve, 'approve'],
    [API_PATHS.admin_usdt_reject, 'reject'],
  ] as const) {
    app.post(
      path,
      {
        ...guard('usdt.review'),
        schema: { ...doc, params: UsdtReviewParamsSchema, body: UsdtReviewInputSchema, response: { 200: dataEnvelope(UsdtReviewDecisionSchema), ...errors } },
      },
      async (request) => ({ data: await admin.reviewUsdt(request.params.transferId, decision, request.body.note, request.operator, originOf(request)) }),
    );
  }

  app.get(
    API_PATHS.admin_player_lookup,
    { ...guard('players.read'), schema: { ...doc, querystring: PlayerLookupQuerySchema, response: { 200: dataEnvelope(AdminPlayerSchema), ...errors } } },
    async (request) => ({ data: await admin.lookupPlayer(request.query.q) }),
  );

  app.get(
    API_PATHS.admin_player,
    { ...guard('players.read'), schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(AdminPlayerSchema), ...errors } } },
    async (request) => ({ data: await admin.player(request.params.playerId) }),
  );

  app.get(
    API_PATHS.admin_player_ledger,
    {
      ...guard('players.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: AdminLedgerQuerySchema, response: { 200: dataEnvelope(AdminLedgerPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerLedger(request.params.playerId, request.query) }),
  );

  app.get(
    API_PATHS.admin_player_deposits,
    {
      ...guard('deposits.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: DepositsQuerySchema, response: { 200: dataEnvelope(DepositsPageSchema), ...errors } },
    },
    async (request) => {
      await admin.playerOrThrow(request.params.playerId);
      return { data: await deposits.list(request.params.playerId, request.query) };
    },
  );

  app.get(
    API_PATHS.admin_player_bets,
    {
      ...guard('players.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: MyWingoBetsQuerySchema, response: { 200: dataEnvelope(WingoBetsPageSchema), ...errors } },
    },
    async (request) => {
      await admin.playerOrThrow(request.params.playerId);
      return { data: await lottery.myBets(request.params.playerId, request.query) };
    },
  );

  app.get(
    API_PATHS.admin_player_withdrawals,
    {
      ...guard('withdrawals.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: WithdrawalsQuerySchema, response: { 200: dataEnvelope(WithdrawalsPageSchema), ...errors } },
    },
    async (request) => {
      await admin.playerOrThrow(request.params.playerId);
      return { data: await withdrawals().listForPlayer(request.params.playerId, request.query) };
    },
  );

  app.get(
    API_PATHS.admin_player_kyc,
    {
      ...guard('kyc.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(z.object({ status: KycStatusSchema, submissions: z.array(KycSubmissionSchema) })), ...errors } },
    },
    async (request) => {
      await admin.playerOrThrow(request.params.playerId);
      return { data: await kyc().getForPlayer(request.params.playerId) };
    },
  );

  app.get(
    API_PATHS.admin_withdrawals_review,
    { ...guard('withdrawals.read'), schema: { ...doc, querystring: AdminWithdrawalReviewQuerySchema, response: { 200: dataEnvelope(WithdrawalReviewPageSchema), ...errors } } },
    async (request) => ({ data: await withdrawals().listForReview(request.query.cursor ? { cursor: request.query.cursor } : {}) }),
  );

  app.post(
    API_PATHS.admin_withdrawal_approve,
    {
      ...guard('withdrawals.review'),
      schema: {
        ...doc,
        description: 'One approval; above the second-approval amount the answer is awaiting_second_approval until another operator approves.',
        params: AdminWithdrawalParamsSchema,
        body: AdminWithdrawalApproveInputSchema,
        response: { 200: dataEnvelope(ApproveWithdrawalResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await admin.approveWithdrawal(request.params.withdrawalId, request.body.note, request.operator, originOf(request)) }),
  );

  app.post(
    API_PATHS.admin_withdrawal_reject,
    {
      ...guard('withdrawals.review'),
      schema: { ...doc, params: AdminWithdrawalParamsSchema, body: AdminWithdrawalRejectInputSchema, response: { 200: dataEnvelope(WithdrawalReviewItemSchema), ...errors } },
    },
    async (request) => ({ data: await admin.rejectWithdrawal(request.params.withdrawalId, request.body.note, request.operator, originOf(request)) }),
  );

  app.get(
    API_PATHS.admin_kyc_pending,
    { ...guard('kyc.read'), schema: { ...doc, description: 'Pending submissions, each with the other accounts whose open submission has the same PAN.', response: { 200: dataEnvelope(z.object({ items: z.array(KycReviewItemSchema) })), ...errors } } },
    async () => ({ data: { items: await kyc().listPending() } }),
  );

  app.post(
    API_PATHS.admin_kyc_verify,
    { ...guard('kyc.review'), schema: { ...doc, params: AdminKycParamsSchema, response: { 200: dataEnvelope(KycSubmissionSchema), ...errors } } },
    async (request) => ({ data: await admin.verifyKyc(request.params.submissionId, request.operator, originOf(request)) }),
  );

  app.post(
    API_PATHS.admin_kyc_reject,
    { ...guard('kyc.review'), schema: { ...doc, params: AdminKycParamsSchema, body: AdminKycRejectInputSchema, response: { 200: dataEnvelope(KycSubmissionSchema), ...errors } } },
    async (request) => ({ data: await admin.rejectKyc(request.params.submissionId, request.body.reason, request.operator, originOf(request)) }),
  );

  app.get(
    API_PATHS.admin_kyc_document,
    { ...guard('kyc.read'), schema: { ...doc, description: 'The identity document, to operators only (inline, never cached).', params: AdminKycParamsSchema } },
    async (request, reply) => {
      const document = await admin.kycDocument(request.params.submissionId, request.operator, originOf(request));
      const extension = document.contentType === 'application/pdf' ? 'pdf' : document.contentType === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(document.contentType)
        .header('content-disposition', `inline; filename="${request.params.submissionId}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .send(document.bytes);
    },
  );

  app.get(
    API_PATHS.admin_audit,
    { ...guard('audit.read'), schema: { ...doc, querystring: AuditQuerySchema, response: { 200: dataEnvelope(AuditPageSchema), ...errors } } },
    async (request) => ({ data: await admin.auditPage(request.query) }),
  );

  app.get(
    API_PATHS.admin_audit_csv,
    { ...guard('audit.export'), schema: { ...doc, description: 'The filtered audit log as CSV (formula cells neutralised).', querystring: AuditQuerySchema } },
    async (request, reply) => {
      const { limit: _limit, before: _before, ...filters } = request.query;
      const csv = await admin.auditCsv(filters, request.operator, originOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  app.get(
    API_PATHS.admin_operators,
    { ...guard('operators.manage'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(OperatorSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.listOperators() } }),
  );

  app.post(
    API_PATHS.admin_operators,
    {
      ...guard('operators.manage'),
      schema: {
        ...doc,
        description: 'Creates an operator who enrols through a one-time link (shown once): the creator never sees their password or TOTP secret.',
        body: CreateOperatorInputSchema,
        response: { 200: dataEnvelope(OperatorInvitationSchema), ...errors },
      },
    },
    async (request) => ({ data: await admin.inviteOperator(request.body, { operator: request.operator, origin: originOf(request) }) }),
  );

  // Enrolment: no session (the link's token is the credential), the CSRF header as on every write.
  app.post(
    API_PATHS.admin_enrolment_start,
    {
      preHandler: async (request) => requireCsrfHeader(request),
      schema: { ...doc, description: 'Opens an enrolment link: offers the new operator their own TOTP secret.', body: EnrolmentStartInputSchema, response: { 200: dataEnvelope(EnrolmentOfferSchema), ...errors } },
    },
    async (request) => ({ data: await admin.startEnrolment(request.body.token, originOf(request)) }),
  );

  app.post(
    API_PATHS.admin_enrolment_complete,
    {
      preHandler: async (request) => requireCsrfHeader(request),
      schema: { ...doc, description: 'Confirms a code from the offered secret and sets the password; the link is then spent.', body: EnrolmentCompleteInputSchema, response: { 200: dataEnvelope(OperatorSchema), ...errors } },
    },
    async (request) => ({ data: await admin.completeEnrolment(request.body, originOf(request)) }),
  );

  app.get(
    API_PATHS.admin_alerts,
    { ...guard('alerts.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(OperatorAlertSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.alerts() } }),
  );

  app.post(
    API_PATHS.admin_operator_disable,
    { ...guard('operators.manage'), schema: { ...doc, params: OperatorIdParamsSchema, response: { 200: dataEnvelope(OperatorSchema), ...errors } } },
    async (request) => ({ data: await admin.disableOperator(request.params.operatorId, request.operator, originOf(request)) }),
  );

  // Responsible gambling (decision 210): read-only. No console route sets, lifts or shortens a
  // player's limit, break or exclusion (test/safety-console.test.ts checks that none exists).
  app.get(
    API_PATHS.admin_player_safety,
    { ...guard('players.read'), schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(AdminPlayerSafetySchema), ...errors } } },
    async (request) => {
      await admin.playerOrThrow(request.params.playerId);
      return { data: { state: await safety.state(request.params.playerId), changes: await safety.history(request.params.playerId) } };
    },
  );
  app.get(
    API_PATHS.admin_limit_hits,
    { ...guard('players.read'), schema: { ...doc, description: 'Players refused by a responsible-gambling control often.', querystring: AdminLimitHitsQuerySchema, response: { 200: dataEnvelope(AdminLimitHitsSchema), ...errors } } },
    async (request) => ({ data: await safety.frequentRefusals(request.query.days, request.query.minHits) }),
  );
};
