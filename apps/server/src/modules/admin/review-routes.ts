import {
  AdminKycParamsSchema,
  AdminKycRejectInputSchema,
  AdminWithdrawalApproveInputSchema,
  AdminWithdrawalParamsSchema,
  AdminWithdrawalRejectInputSchema,
  AdminWithdrawalReviewQuerySchema,
  LAZY_API_PATHS,
  ApproveWithdrawalResultSchema,
  dataEnvelope,
  DepositReviewInputSchema,
  DepositReviewItemSchema,
  DepositReviewParamsSchema,
  KycReviewItemSchema,
  KycSubmissionSchema,
  UsdtReviewDecisionSchema,
  UsdtReviewInputSchema,
  UsdtReviewItemSchema,
  UsdtReviewParamsSchema,
  WithdrawalReviewItemSchema,
  WithdrawalReviewPageSchema,
} from '@colorplay/contract';
import { z } from 'zod';
import { doc, errors, originOf, type AdminRouteKit } from './route-kit';

/** The review queues: UPI deposits, USDT transfers, withdrawals and KYC, each listed and decided. */
export function reviewRoutes({ app, admin, guard }: AdminRouteKit): void {
  app.get(
    LAZY_API_PATHS.admin_deposits_review,
    { ...guard('deposits.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(DepositReviewItemSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.depositsForReview() } }),
  );

  app.post(
    LAZY_API_PATHS.admin_deposit_decide,
    {
      ...guard('deposits.review'),
      schema: { ...doc, params: DepositReviewParamsSchema, body: DepositReviewInputSchema, response: { 200: dataEnvelope(z.object({ id: z.string(), status: z.string() })), ...errors } },
    },
    async (request) => ({
      data: await admin.reviewDeposit(request.params.orderId, request.body.decision, request.body.note, request.operator, originOf(request)),
    }),
  );

  app.get(
    LAZY_API_PATHS.admin_usdt_review,
    { ...guard('usdt.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(UsdtReviewItemSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.usdtForReview() } }),
  );

  for (const [path, decision] of [
    [LAZY_API_PATHS.admin_usdt_approve, 'approve'],
    [LAZY_API_PATHS.admin_usdt_reject, 'reject'],
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
    LAZY_API_PATHS.admin_withdrawals_review,
    { ...guard('withdrawals.read'), schema: { ...doc, querystring: AdminWithdrawalReviewQuerySchema, response: { 200: dataEnvelope(WithdrawalReviewPageSchema), ...errors } } },
    async (request) => ({ data: await admin.withdrawalsForReview(request.query) }),
  );

  app.post(
    LAZY_API_PATHS.admin_withdrawal_approve,
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
    LAZY_API_PATHS.admin_withdrawal_reject,
    {
      ...guard('withdrawals.review'),
      schema: { ...doc, params: AdminWithdrawalParamsSchema, body: AdminWithdrawalRejectInputSchema, response: { 200: dataEnvelope(WithdrawalReviewItemSchema), ...errors } },
    },
    async (request) => ({ data: await admin.rejectWithdrawal(request.params.withdrawalId, request.body.note, request.operator, originOf(request)) }),
  );

  app.get(
    LAZY_API_PATHS.admin_kyc_pending,
    { ...guard('kyc.read'), schema: { ...doc, description: 'Pending submissions, each with the other accounts whose open submission has the same PAN.', response: { 200: dataEnvelope(z.object({ items: z.array(KycReviewItemSchema) })), ...errors } } },
    async () => ({ data: { items: await admin.kycPending() } }),
  );

  app.post(
    LAZY_API_PATHS.admin_kyc_verify,
    { ...guard('kyc.review'), schema: { ...doc, params: AdminKycParamsSchema, response: { 200: dataEnvelope(KycSubmissionSchema), ...errors } } },
    async (request) => ({ data: await admin.verifyKyc(request.params.submissionId, request.operator, originOf(request)) }),
  );

  app.post(
    LAZY_API_PATHS.admin_kyc_reject,
    { ...guard('kyc.review'), schema: { ...doc, params: AdminKycParamsSchema, body: AdminKycRejectInputSchema, response: { 200: dataEnvelope(KycSubmissionSchema), ...errors } } },
    async (request) => ({ data: await admin.rejectKyc(request.params.submissionId, request.body.reason, request.operator, originOf(request)) }),
  );

  app.get(
    LAZY_API_PATHS.admin_kyc_document,
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
}
