/**
 * modules/promotions (docs/promotions.md; decisions 490-492, 540-542, 545-547, 550-552, 555-557):
 * marketing consent, bonus money in its own ledger accounts with its wagering, conversion, forfeit
 * and expiry, gift codes, the first-deposit bonus, the daily check-in, VIP levels, invite a friend
 * and the offers' cost. Its only public face.
 */
export { createPromotionsService, type GrantInput, type PromotionsDeps, type PromotionsService, type SafetyFacts } from './service';
export { giftCodeAdminRoutes, promotionsRoutes, type GiftCodeAdminRoutesOptions, type PromotionsRoutesOptions } from './routes';
export { createFirstDepositService, subscribeFirstDeposit, type FirstDepositService } from './first-deposit';
export { firstDepositAdminRoutes, firstDepositRoutes } from './first-deposit-routes';
export { createInvitesService, subscribeInvites, INVITES_HANDLER, type InvitesDeps, type InvitesService } from './invites';
export { inviteRoutes, type InviteRoutesOptions } from './invite-routes';
export { DEFAULT_INVITE_SETTINGS, type InviteSettings } from './invite-rules';
export { createCheckIn, type CheckInService, type CheckInSettings } from './check-in';
export { createVip, type VipPlayerFacts, type VipService } from './vip';
export { checkInAdminRoutes, checkInRoutes } from './check-in-routes';
export { createBonusStakes } from './stakes';
export { OWNED_TABLES } from './tables';
export { createPromotionCostReport, type PromotionCostService } from './cost-report';
export { promotionsConsoleRoutes, type PromotionsConsoleRoutesOptions } from './console-routes';
