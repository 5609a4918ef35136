import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Scripts only from files of this origin (no inline script, no eval); styles may be inline because
 * chart components position tooltips with style attributes. The dashboard may read another search
 * service over https (its config names it).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'", 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * Options of @fastify/helmet: its headers go on every response, errors and 404s included (it sets
 * them on request). Its other defaults stay (nosniff, X-Frame-Options SAMEORIGIN, same-origin
 * opener and resource policies, Origin-Agent-Cluster, no DNS prefetch): none of them depends on https.
 */
export const SECURITY_HEADERS: FastifyHelmetOptions = {
  // Exactly these directives: helmet's defaults would add upgrade-insecure-requests, which breaks
  // the dashboard served over plain http (loopback, a private network).
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // The browsers' own default, stated because helmet's would be no-referrer.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The service itself speaks plain http; whether its public address is https is known to the proxy
  // in front, which is where HSTS belongs (sent from here it would pin https on every subdomain).
  strictTransportSecurity: false,
};
