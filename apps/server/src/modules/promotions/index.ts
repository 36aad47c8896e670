/**
 * modules/promotions (docs/promotions.md; decisions 490-492): marketing consent, bonus money in its
 * own ledger accounts with its wagering, conversion, forfeit and expiry, and gift codes. Its only
 * public face.
 */
export { createPromotionsService, type GrantInput, type PromotionsDeps, type PromotionsService, type SafetyFacts } from './service';
export { giftCodeAdminRoutes, promotionsRoutes, type GiftCodeAdminRoutesOptions, type PromotionsRoutesOptions } from './routes';
export { createBonusStakes } from './stakes';
export { OWNED_TABLES } from './tables';
