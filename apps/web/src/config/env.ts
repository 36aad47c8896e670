/**
 * The web app's runtime configuration, read in this one place (conventions: one config file per
 * app). The API base follows the spec's rule exactly; see docs/decisions/013-api-base-rule.md.
 */

/** The development API address of the spec: the server's default port on localhost. */
export const DEV_API_BASE_URL = 'http://localhost:3002';

/** The parts of `window.location` the API base rule looks at. */
export type LocationLike = Pick<Location, 'protocol' | 'hostname' | 'origin'>;

/**
 * The API base for a page location: the page origin when served over https or from any host
 * other than `localhost`, otherwise the local development API on port 3002.
 */
export function resolveApiBaseUrl(location: LocationLike): string {
  if (location.protocol === 'https:' || location.hostname !== 'localhost') return location.origin;
  return DEV_API_BASE_URL;
}

/** Runtime configuration, evaluated lazily so tests can change `window.location` first. */
export const env = {
  get apiBaseUrl(): string {
    return resolveApiBaseUrl(window.location);
  },
};
