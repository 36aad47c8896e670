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

/**
 * A promotions read of the signed-in player's, always read fresh (staleMs 0): a break, a bonus's
 * conversion or another day's check-in may happen between two visits.
 */
export function promotionsResource<T>(key: string, path: string): ResourceSpec<T> {
  return { key, staleMs: 0, fetch: async (signal) => (await authedApi.get<{ data: T }>(path, { signal })).data };
}

/** Whether offers are paused for the player and why, and the terms version in force. */
export const offerStatusResource = promotionsResource<PromotionStatus>(OFFER_STATUS_KEY, LAZY_API_PATHS.promotions_status);

/** The player's bonuses, newest first, with their wagering progress. */
export const bonusesResource = promotionsResource<{ items: BonusGrant[] }>(BONUSES_KEY, LAZY_API_PATHS.player_bonuses);

/** Redeems a gift code under the terms version the player accepted; answers the new bonus. */
export async function redeemGiftCode(input: RedeemGiftCodeInput): Promise<BonusGrant> {
  return (await authedApi.post<{ data: BonusGrant }>(LAZY_API_PATHS.promotions_redeem, input)).data;
}
