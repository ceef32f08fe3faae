/**
 * HTTPS for browsers. Invariants: when the service's public address (PUBLIC_URL) is https, or a
 * request came over TLS (directly, or through a proxy Fastify trusts: TRUST_PROXY), its response
 * carries `Strict-Transport-Security: max-age=31536000; includeSubDomains` (RFC 6797; no
 * `preload`, which only the owner of the domain can decide on), whatever its status (a URL the
 * router refuses is answered before Fastify reads a proxy's headers, so there only PUBLIC_URL
 * counts); and a response that carries it sets only `Secure` cookies (pages/cookies.ts asks
 * `declaresHttpsOnly`), so the one decision here rules both. Decided in the request's first hook
 * (http.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";
const HEADER = "strict-transport-security";

/** Whether a public address is one that browsers reach over https. */
export function isHttpsAddress(publicUrl: string | undefined): boolean {
  return publicUrl !== undefined && /^https:\/\//i.test(publicUrl);
}

/** Adds the header to this request's response when the site is https-only or it came over TLS. */
export function declareTransportSecurity(request: FastifyRequest, reply: FastifyReply, httpsSite: boolean): void {
  // request.protocol reads X-Forwarded-Proto only from a trusted proxy
  if (httpsSite || request.protocol === "https") reply.header(HEADER, STRICT_TRANSPORT_SECURITY);
}

/** Whether this response tells the browser to use https only. */
export function declaresHttpsOnly(reply: FastifyReply): boolean {
  return reply.hasHeader(HEADER);
}
