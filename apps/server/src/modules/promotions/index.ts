/**
 * modules/promotions (docs/promotions.md; decisions 490-492, 545-547): marketing consent, bonus money in its
 * own ledger accounts with its wagering, conversion, forfeit and expiry, gift codes, the daily
 * check-in and VIP levels. Its only public face.
 */
export { createPromotionsService, type GrantInput, type PromotionsDeps, type PromotionsService, type SafetyFacts } from './service';
export { giftCodeAdminRoutes, promotionsRoutes, type GiftCodeAdminRoutesOptions, type PromotionsRoutesOptions } from './routes';
export { createCheckIn, type CheckInService, type CheckInSettings } from './check-in';
export { createVip, type VipPlayerFacts, type VipService } from './vip';
export { checkInRoutes } from './check-in-routes';
export { OWNED_TABLES } from './tables';
