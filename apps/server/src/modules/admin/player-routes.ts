import {
  AccountLinkSchema,
  AccountLinksSchema,
  AdminLinkDecisionInputSchema,
  AdminLinkDecisionParamsSchema,
  AdminLedgerPageSchema,
  AdminLedgerQuerySchema,
  AdminLimitHitsQuerySchema,
  AdminLimitHitsSchema,
  AccountSuspensionSchema,
  AccountClosureSchema,
  AdminCloseInputSchema,
  AdjustmentSchema,
  AdminAdjustmentInputSchema,
  AdminAdjustmentParamsSchema,
  AdminLiftSuspensionInputSchema,
  AdminPlayerSafetySchema,
  AdminReviewContextSchema,
  AdminRgNoteInputSchema,
  RgNoteSchema,
  AdminSuspendInputSchema,
  AdminPlayerSchema,
  LAZY_API_PATHS,
  dataEnvelope,
  DepositsPageSchema,
  DepositsQuerySchema,
  KycStatusSchema,
  KycSubmissionSchema,
  MyWingoBetsQuerySchema,
  PlayerIdParamsSchema,
  PlayerLookupQuerySchema,
  PlayerLotteryBetsPageSchema,
  PlayerLotteryBetsQuerySchema,
  UsdtDepositsPageSchema,
  UsdtDepositsQuerySchema,
  WingoBetsPageSchema,
  WithdrawalsPageSchema,
  WithdrawalsQuerySchema,
} from '@colorplay/contract';
import { z } from 'zod';
import { doc, errors, originOf, type AdminRouteKit } from './route-kit';

/** Read-only player lookup: the player, then each of their records. */
export function playerRoutes({ app, admin, guard }: AdminRouteKit): void {
  app.get(
    LAZY_API_PATHS.admin_player_lookup,
    { ...guard('players.read'), schema: { ...doc, querystring: PlayerLookupQuerySchema, response: { 200: dataEnvelope(AdminPlayerSchema), ...errors } } },
    async (request) => ({ data: await admin.lookupPlayer(request.query.q) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player,
    { ...guard('players.read'), schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(AdminPlayerSchema), ...errors } } },
    async (request) => ({ data: await admin.player(request.params.playerId) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player_ledger,
    {
      ...guard('players.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: AdminLedgerQuerySchema, response: { 200: dataEnvelope(AdminLedgerPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerLedger(request.params.playerId, request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player_deposits,
    {
      ...guard('deposits.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: DepositsQuerySchema, response: { 200: dataEnvelope(DepositsPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerDeposits(request.params.playerId, request.query) }),
  );

  // A player's USDT orders (the support ticket's linked record, decision 483): the USDT queue's own permission.
  app.get(
    LAZY_API_PATHS.admin_player_usdt_deposits,
    {
      ...guard('usdt.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: UsdtDepositsQuerySchema, response: { 200: dataEnvelope(UsdtDepositsPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerUsdtDeposits(request.params.playerId, request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player_bets,
    {
      ...guard('players.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: MyWingoBetsQuerySchema, response: { 200: dataEnvelope(WingoBetsPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerBets(request.params.playerId, request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player_lottery_bets,
    {
      ...guard('players.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: PlayerLotteryBetsQuerySchema, response: { 200: dataEnvelope(PlayerLotteryBetsPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerLotteryBets(request.params.playerId, request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player_withdrawals,
    {
      ...guard('withdrawals.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, querystring: WithdrawalsQuerySchema, response: { 200: dataEnvelope(WithdrawalsPageSchema), ...errors } },
    },
    async (request) => ({ data: await admin.playerWithdrawals(request.params.playerId, request.query) }),
  );

  app.get(
    LAZY_API_PATHS.admin_player_kyc,
    {
      ...guard('kyc.read'),
      schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(z.object({ status: KycStatusSchema, submissions: z.array(KycSubmissionSchema) })), ...errors } },
    },
    async (request) => ({ data: await admin.playerKyc(request.params.playerId) }),
  );

  // Responsible gambling (decision 210): read-only. No console route sets, lifts or shortens a
  // player's limit, break or exclusion (test/safety-console.test.ts checks that none exists).
  app.get(
    LAZY_API_PATHS.admin_player_safety,
    { ...guard('players.read'), schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(AdminPlayerSafetySchema), ...errors } } },
    async (request) => ({ data: await admin.playerSafety(request.params.playerId) }),
  );
  app.get(
    LAZY_API_PATHS.admin_player_review_context,
    { ...guard('players.read'), schema: { ...doc, description: 'What a review card shows of its player without another click.', params: PlayerIdParamsSchema, response: { 200: dataEnvelope(AdminReviewContextSchema), ...errors } } },
    async (request) => ({ data: await admin.reviewContext(request.params.playerId) }),
  );

  // Linked accounts (decisions 430, 431): computed on read; a decision is appended and audited.
  app.get(
    LAZY_API_PATHS.admin_player_links,
    { ...guard('links.read'), schema: { ...doc, description: 'Accounts sharing a payout destination, a PAN, a browser or a registration address with this one.', params: PlayerIdParamsSchema, response: { 200: dataEnvelope(AccountLinksSchema), ...errors } } },
    async (request) => {
      await admin.playerOrThrow(request.params.playerId);
      return { data: { items: await admin.playerLinks(request.params.playerId) } };
    },
  );
  app.post(
    LAZY_API_PATHS.admin_player_link_decide,
    {
      ...guard('links.decide'),
      schema: { ...doc, description: 'An operator decides on one link; nobody is suspended by it.', params: AdminLinkDecisionParamsSchema, body: AdminLinkDecisionInputSchema, response: { 200: dataEnvelope(AccountLinkSchema), ...errors } },
    },
    async (request) => ({ data: await admin.decideLink(request.params.playerId, request.params.otherPlayerId, request.body, request.operator, originOf(request)) }),
  );

  // Responsible-gambling interaction notes (decision 423): append-only, each audited.
  app.get(
    LAZY_API_PATHS.admin_player_rg_notes,
    { ...guard('players.read'), schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(z.object({ items: z.array(RgNoteSchema) })), ...errors } } },
    async (request) => ({ data: { items: await admin.rgNotes(request.params.playerId) } }),
  );
  app.post(
    LAZY_API_PATHS.admin_player_rg_notes,
    { ...guard('players.rg_note'), schema: { ...doc, params: PlayerIdParamsSchema, body: AdminRgNoteInputSchema, response: { 200: dataEnvelope(RgNoteSchema), ...errors } } },
    async (request) => ({ data: await admin.addRgNote(request.params.playerId, request.body, request.operator, originOf(request)) }),
  );

  // An operator's suspension (decision 420): deposits, bets and launches refused, sign-in,
  // history and withdrawals open; each change audited.
  app.post(
    LAZY_API_PATHS.admin_player_suspend,
    {
      ...guard('players.suspend'),
      schema: { ...doc, params: PlayerIdParamsSchema, body: AdminSuspendInputSchema, response: { 200: dataEnvelope(AccountSuspensionSchema), ...errors } },
    },
    async (request) => ({ data: await admin.suspendPlayer(request.params.playerId, request.body, request.operator, originOf(request)) }),
  );
  app.post(
    LAZY_API_PATHS.admin_player_suspension_lift,
    {
      ...guard('players.suspend'),
      schema: { ...doc, description: 'Answers the suspension that was lifted.', params: PlayerIdParamsSchema, body: AdminLiftSuspensionInputSchema, response: { 200: dataEnvelope(AccountSuspensionSchema), ...errors } },
    },
    async (request) => ({ data: await admin.liftSuspension(request.params.playerId, request.body.note, request.operator, originOf(request)) }),
  );
  // An operator's closure (decision 440): final; every path a suspension refuses is refused, and
  // withdrawals too when the reason holds the balance (decision 441). Audited once.
  app.post(
    LAZY_API_PATHS.admin_player_close,
    {
      ...guard('players.close'),
      schema: {
        ...doc,
        description: 'Closing a closed account answers the closure in force and changes nothing.',
        params: PlayerIdParamsSchema,
        body: AdminCloseInputSchema,
        response: { 200: dataEnvelope(AccountClosureSchema), ...errors },
      },
    },
    async (request) => ({ data: await admin.closePlayer(request.params.playerId, request.body, request.operator, originOf(request)) }),
  );
  // Balance adjustments (decision 421): ledger transfers of kind `adjustment`, a second
  // independent approver from ADJUSTMENT_SECOND_APPROVAL_MINOR on; each audited.
  app.get(
    LAZY_API_PATHS.admin_player_adjustments,
    { ...guard('players.read'), schema: { ...doc, params: PlayerIdParamsSchema, response: { 200: dataEnvelope(z.object({ items: z.array(AdjustmentSchema) })), ...errors } } },
    async (request) => ({ data: { items: await admin.playerAdjustments(request.params.playerId) } }),
  );
  app.post(
    LAZY_API_PATHS.admin_player_adjustments,
    {
      ...guard('players.adjust'),
      schema: {
        ...doc,
        description: 'A credit or debit with a reason code; from the second-approval amount on the answer is awaiting_second_approval.',
        params: PlayerIdParamsSchema,
        body: AdminAdjustmentInputSchema,
        response: { 200: dataEnvelope(AdjustmentSchema), ...errors },
      },
    },
    async (request) => ({ data: await admin.requestAdjustment(request.params.playerId, request.body, request.operator, originOf(request)) }),
  );
  app.post(
    LAZY_API_PATHS.admin_adjustment_approve,
    { ...guard('players.adjust'), schema: { ...doc, params: AdminAdjustmentParamsSchema, response: { 200: dataEnvelope(AdjustmentSchema), ...errors } } },
    async (request) => ({ data: await admin.approveAdjustment(request.params.adjustmentId, request.operator, originOf(request)) }),
  );
  app.get(
    LAZY_API_PATHS.admin_limit_hits,
    { ...guard('players.read'), schema: { ...doc, description: 'Players refused by a responsible-gambling control often.', querystring: AdminLimitHitsQuerySchema, response: { 200: dataEnvelope(AdminLimitHitsSchema), ...errors } } },
    async (request) => ({ data: await admin.limitHits(request.query.days, request.query.minHits) }),
  );
}
