/**
 * Business constants of the product that the client shell uses, with units last in
 * every name so a reader never has to guess between seconds and milliseconds.
 */

/** How long the splash screen stays up on a first visit. */
export const SPLASH_DURATION_MS = 1000;
/** How long the "splash already shown" cookie lives. */
export const SPLASH_COOKIE_LIFETIME_MINUTES = 300;
/** Lifetime of a cookie written without an explicit one. */
export const DEFAULT_COOKIE_LIFETIME_MINUTES = 1000;
/** How long a toast stays visible unless the caller asks otherwise. */
export const TOAST_DURATION_MS = 2000;
/** Enter and exit transition of popups and overlays. */
export const TRANSITION_MS = 300;
/** Time between two automatic carousel slides. */
export const CAROUSEL_INTERVAL_MS = 5000;
/** Horizontal finger movement beyond which a touch on a tab panel counts as a swipe. */
export const TAB_SWIPE_THRESHOLD_PX = 5;
/** Offset of India Standard Time from UTC (spec: "offsets UTC by +5:30"). */
export const IST_OFFSET_MINUTES = 330;
/**
 * Default HTTP timeout. The spec's client has none; docs/decisions/012-http-client-timeout.md
 * explains why we add one.
 */
export const HTTP_TIMEOUT_MS = 20_000;

/** Cookie names fixed by the spec (section 3). */
export const COOKIE_NAMES = {
  splashShown: 'is_splash_screen_shown',
  voiceDisabled: 'voiceDisabled',
} as const;
