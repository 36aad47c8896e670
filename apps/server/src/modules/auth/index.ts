/**
 * The auth module's public face: registration, login, sessions and one-time codes. It uses the
 * players module (through its index) to create and find players; players know nothing of auth.
 */
export { DEMO_PLAYER, ensureDemoPlayer } from './demo-player';
export { createRateLimiter, type RateLimiter, type RateRule } from './rate-limiter';
/** The one password hasher (argon2id); the operator console hashes operators' passwords with it. */
export { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
export { authRoutes } from './routes';
export { createAuthService, type AuthDeps, type AuthService, type IssuedSession } from './service';
export { createAccessTokens, type AccessClaims, type AccessTokens } from './tokens';
/** Whether a player's session is still open (the game launcher ties a vendor session to it). */
export { isSessionActive } from './repo';
/** Players who signed in from one of this player's browsers (linked accounts, decision 430). */
export { playersSharingDevice, playersSignedInSince } from './repo';
export { deviceNonceFor, issueDeviceCookie, DEVICE_COOKIE_DAYS } from './device-cookies';
