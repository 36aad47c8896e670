import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every page we serve. No inline script or style anywhere: the
 * built app loads only hashed files from its own origin, and the sandbox UPI page links its
 * stylesheet. `data:` images cover the QR code and small inline icons; nothing else leaves the
 * origin. frame-ancestors 'none' (with X-Frame-Options for old browsers) stops clickjacking.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** One year, subdomains included; sent only in production, where the app is behind TLS. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every response carries, including the ones written on the raw socket. */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * Adds the security headers to every reply (pages, API answers, assets, errors). Registered
 * before any other plugin so every encapsulated context inherits the hook. A route that sets
 * its own Content-Security-Policy (the API viewer) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(production);
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
