import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyReply } from 'fastify';

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

/** The policy as a header value. */
function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * An embedded chart is made to be framed by any site (a course page, a paper's supplement): its
 * page alone lets every ancestor frame it, and drops X-Frame-Options, which cannot say "anyone".
 * Every other page keeps refusing other sites' frames.
 */
export function allowFramingByAnySite(reply: FastifyReply): void {
  reply.header(
    'content-security-policy',
    policyHeader({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': ['*'] }),
  );
  reply.removeHeader('x-frame-options');
}

/**
 * The headers @fastify/helmet sets, as name and value: for answers written before any hook runs
 * (a malformed address, a connection refused, a request too slow to arrive), which must carry them too.
 */
export const SECURITY_HEADER_VALUES: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(SECURITY_HEADERS as HelmetOptions)(
    {} as IncomingMessage,
    collect as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
})();
