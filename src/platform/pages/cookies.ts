/**
 * The cookies of the server-rendered pages (the session, the CSRF secret), read and written by
 * @fastify/cookie. Invariants: the pages' cookies are signed (HMAC-SHA256) with the installation's
 * secret key, and a value whose signature does not verify counts as no cookie; each is HttpOnly on
 * Path=/, and `Secure` whenever the browser reached us over https or the site is https-only (its
 * response carries Strict-Transport-Security: transport-security.ts). The key may live in the
 * database, so the first page request loads it (`loadPageCookieKey`, awaited by every page scope:
 * scope.ts) rather than the start, and building the app touches no table.
 */
import { type CookieSerializeOptions, fastifyCookie, Signer } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { declaresHttpsOnly } from "../transport-security.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Resolves once the key that signs the pages' cookies is loaded; a failed load is tried again next time. */
    loadPageCookieKey: () => Promise<void>;
  }
}

/**
 * Installs @fastify/cookie on `app` (and so every scope): cookies are parsed on every request, and
 * signed with the key `loadKey` gives, once a page scope has loaded it.
 */
export function registerPageCookies(app: FastifyInstance, loadKey: () => Promise<Buffer>): void {
  let signer: Signer | null = null;
  const loaded = (): Signer => {
    if (signer === null) throw new Error("a page cookie was signed or read before its key was loaded");
    return signer;
  };
  app.register(fastifyCookie, {
    secret: { sign: (value) => loaded().sign(value), unsign: (value) => loaded().unsign(value) },
  });
  app.decorate("loadPageCookieKey", async () => {
    signer ??= new Signer(await loadKey());
  });
}

/**
 * Whether the browser reached us over https. Without a trusted-proxy setting Fastify only knows
 * direct TLS, so X-Forwarded-Proto is read too: it only decides whether a cookie gets `Secure`,
 * which makes it stricter, so a forged header gains nobody anything.
 */
export function isHttps(request: FastifyRequest): boolean {
  if (request.protocol === "https") return true;
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0];
  return first?.trim().toLowerCase() === "https";
}

/** `Secure` for this response's cookies: over https, or on a site that is https-only. */
export function cookieSecurity(reply: FastifyReply): { secure: boolean } {
  return { secure: isHttps(reply.request) || declaresHttpsOnly(reply) };
}

/**
 * The options of a signed page cookie on the whole site; without `maxAge` the browser keeps it
 * until it closes.
 */
export function pageCookie(
  reply: FastifyReply,
  sameSite: "strict" | "lax",
  maxAgeSeconds?: number,
): CookieSerializeOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite,
    signed: true,
    ...cookieSecurity(reply),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** The value of a signed page cookie, or null when the browser sent none or its signature fails. */
export function signedCookie(request: FastifyRequest, name: string): string | null {
  const sent = request.cookies[name];
  if (sent === undefined) return null;
  const unsigned = request.unsignCookie(sent);
  return unsigned.valid ? unsigned.value : null;
}
