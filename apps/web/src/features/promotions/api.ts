import type { BonusGrant, PromotionStatus, RedeemGiftCodeInput } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import type { ResourceSpec } from '../../lib/resource';
import { authedApi } from '../../lib/session';

/**
 * The Activity tab's calls (docs/promotions.md). Resource keys share the `promotions` prefix, so
 * a redemption (or a withdrawal that forfeits a bonus) reads both again at once.
 */
export const PROMOTIONS_KEY = 'promotions';
export const OFFER_STATUS_KEY = `${PROMOTIONS_KEY}:status`;
export const BONUSES_KEY = `${PROMOTIONS_KEY}:bonuses`;

/** Whether offers are paused for the player and why, and the terms version in force. Read fresh: a break may start in another tab. */
export const offerStatusResource: ResourceSpec<PromotionStatus> = {
  key: OFFER_STATUS_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: PromotionStatus }>(LAZY_API_PATHS.promotions_status, { signal })).data,
};

/** The player's bonuses, newest first, with their wagering progress. */
export const bonusesResource: ResourceSpec<{ items: BonusGrant[] }> = {
  key: BONUSES_KEY,
  staleMs: 0,
  fetch: async (signal) => (await authedApi.get<{ data: { items: BonusGrant[] } }>(LAZY_API_PATHS.player_bonuses, { signal })).data,
};

/** Redeems a gift code under the terms version the player accepted; answers the new bonus. */
export async function redeemGiftCode(input: RedeemGiftCodeInput): Promise<BonusGrant> {
  return (await authedApi.post<{ data: BonusGrant }>(LAZY_API_PATHS.promotions_redeem, input)).data;
}
