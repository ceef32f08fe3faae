/**
 * Reading and writing the cookies of the server-rendered pages (CSRF, session). Invariants:
 * values come back exactly as the browser sent them, so callers check their shape before
 * trusting them; a cookie is written only with a value of safe characters (never escaped or
 * encoded), always HttpOnly, and `Secure` whenever the browser reached us over https or the site
 * is https-only (its response carries Strict-Transport-Security: transport-security.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { declaresHttpsOnly } from "../transport-security.js";

/** The characters our cookie values use: base64url and the dot that joins signed parts. */
const SAFE_VALUE = /^[A-Za-z0-9._-]*$/;

/**
 * Every value the Cookie header gives `name`, in header order (RFC 6265 section 5.4: a browser
 * may send several cookies of one name, e.g. set for different paths). Pairs without "=" are
 * skipped; a value in double quotes loses them, as RFC 6265 allows.
 */
export function cookieValues(request: FastifyRequest, name: string): string[] {
  const header = request.headers.cookie;
  if (typeof header !== "string") return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    values.push(value);
  }
  return values;
}

/** The first value of the cookie `name`, or null when the browser sent none. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  return cookieValues(request, name)[0] ?? null;
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

export interface CookieOptions {
  sameSite: "Strict" | "Lax";
  /** seconds; absent: the browser keeps the cookie until it closes */
  maxAge?: number;
}

/** Adds a Set-Cookie header (Fastify keeps every one) for a cookie on the whole site. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  if (!SAFE_VALUE.test(value)) throw new Error(`cookie ${name} may hold only base64url characters and dots`);
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", `SameSite=${options.sameSite}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (isHttps(reply.request) || declaresHttpsOnly(reply)) parts.push("Secure");
  reply.header("set-cookie", parts.join("; "));
}

/** Tells the browser to forget a cookie written by `setCookie`. */
export function clearCookie(reply: FastifyReply, name: string, sameSite: CookieOptions["sameSite"]): void {
  setCookie(reply, name, "", { sameSite, maxAge: 0 });
}
