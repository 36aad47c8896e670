/**
 * modules/promotions (docs/promotions.md; decisions 490-492, 540-542): marketing consent, bonus money in its
 * own ledger accounts with its wagering, conversion, forfeit and expiry, gift codes, and the
 * first-deposit bonus. Its only public face.
 */
export { createPromotionsService, type GrantInput, type PromotionsDeps, type PromotionsService, type SafetyFacts } from './service';
export { giftCodeAdminRoutes, promotionsRoutes, type GiftCodeAdminRoutesOptions, type PromotionsRoutesOptions } from './routes';
export { createFirstDepositService, subscribeFirstDeposit, type FirstDepositService } from './first-deposit';
export { firstDepositAdminRoutes, firstDepositRoutes } from './first-deposit-routes';
export { OWNED_TABLES } from './tables';
