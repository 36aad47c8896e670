/**
 * The responsible-gambling module's public face (decision 210): the player's limits, breaks,
 * self-exclusion and reality checks, and the checks every money path makes in its own
 * transaction (deposit orders, stakes of every game, vendor debits, launches).
 */
export { createSafetyService, SafetyRefusal, type SafetyDeps, type SafetyService, type StakeCheck } from './service';
export { safetyRoutes, type SafetyRoutesOptions } from './routes';
export { DEFAULT_SAFETY_SETTINGS, type SafetySettings } from './settings';
