/**
 * Cross-site request forgery protection for every form, stateless double-submit: one random value
 * sits both in the `kasboek_csrf` cookie (HttpOnly, SameSite=Strict, whole site) and in each
 * form's hidden `csrf_token` field; a POST is accepted only when both are present, well-formed and
 * equal (compared in constant time) and the browser does not say the post came from another
 * site. Another site can make a browser send a cookie but can neither read it nor write it into
 * a form. Invariant: one request hands out one token, however many forms its page holds.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { cookieValues, setCookie } from "./cookies.js";

export const CSRF_COOKIE = "kasboek_csrf";
/** The hidden form field that carries the token back. */
export const CSRF_FIELD = "csrf_token";
/** 32 random bytes in base64url: exactly 43 characters of this alphabet, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const issued = new WeakMap<FastifyRequest, string>();

function isWellFormed(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/**
 * The token for the forms of this response: the browser's own when it holds a well-formed one
 * (so a page open in another tab keeps working), otherwise a new one, written to the cookie.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const already = issued.get(request);
  if (already !== undefined) return already;
  let token = cookieValues(request, CSRF_COOKIE).find(isWellFormed);
  if (token === undefined) {
    token = randomBytes(32).toString("base64url");
    setCookie(reply, CSRF_COOKIE, token, { sameSite: "Strict" });
  }
  issued.set(request, token);
  return token;
}

function constantTimeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left, "utf8");
  const b = Buffer.from(right, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Browsers say where a request came from; a post from another site (or a sibling subdomain,
 * which could also have planted the cookie) is refused even with a matching pair.
 */
function isFromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  return site === "cross-site" || site === "same-site";
}

/**
 * Whether a form post carries a matching pair. Every cookie of the name is tried (which of several
 * a browser sends first is not something the form can know); only well-formed values take part,
 * so an empty field never matches an empty cookie.
 */
export function csrfValid(request: FastifyRequest, submitted: string): boolean {
  if (!isWellFormed(submitted) || isFromAnotherSite(request)) return false;
  let matched = false;
  for (const value of cookieValues(request, CSRF_COOKIE)) {
    if (isWellFormed(value) && constantTimeEqual(value, submitted)) matched = true;
  }
  return matched;
}
