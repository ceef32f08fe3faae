/**
 * Cross-site request forgery protection for the public signing forms, stateless double-submit:
 * a random value goes both into a cookie and into the form's hidden field; a POST is accepted
 * only when the two are present, well-formed and equal (compared in constant time). Another site
 * can make the browser send the cookie (were it not SameSite=Strict) but can neither read it nor
 * put it in the form. Pure code apart from the random source: no Fastify, no database, no clock.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

export const CSRF_COOKIE = "kasboek_csrf";
export const CSRF_FIELD = "csrf_token";
const COOKIE_PATH = "/sign/";
/** 32 random bytes in base64url: exactly 43 characters of this alphabet, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newCsrfToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isWellFormedCsrfToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/**
 * Every value the Cookie header gives `name`, in header order (RFC 6265 section 5.4: a browser
 * may send several cookies of one name, e.g. set for different paths). Pairs without "=" are
 * skipped; values come back as sent, so callers check their shape before trusting them.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    // RFC 6265 allows the value in double quotes; the quotes are not part of it.
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    values.push(value);
  }
  return values;
}

/**
 * The token to use for a page: the browser's own when it already holds a well-formed one (so a
 * page open in another tab keeps working), a new one otherwise.
 */
export function csrfTokenFor(cookieHeader: string | undefined): { token: string; isNew: boolean } {
  const existing = cookieValues(cookieHeader, CSRF_COOKIE).find(isWellFormedCsrfToken);
  return existing === undefined ? { token: newCsrfToken(), isNew: true } : { token: existing, isNew: false };
}

/** The Set-Cookie value; Secure only over https, since a browser drops Secure cookies on http. */
export function csrfCookie(token: string, secure: boolean): string {
  return `${CSRF_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a form post carries a matching pair. Every cookie of the name is tried, because which
 * of several a browser sends first is not something the form can know; each comparison is
 * constant-time, and only well-formed values take part (no empty string ever matches).
 */
export function isValidCsrfPair(cookieHeader: string | undefined, field: string | undefined): boolean {
  if (field === undefined || !isWellFormedCsrfToken(field)) return false;
  let matched = false;
  for (const value of cookieValues(cookieHeader, CSRF_COOKIE)) {
    if (isWellFormedCsrfToken(value) && constantTimeEqual(value, field)) matched = true;
  }
  return matched;
}
