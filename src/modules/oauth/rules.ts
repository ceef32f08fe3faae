/**
 * The pure rules of the OAuth protocol: which redirect URIs may be registered and when a
 * presented one matches, how a scope parameter reads, what PKCE values look like, how an
 * authorization response URL is built and how HTTP Basic client credentials decode. Invariants:
 * redirect URIs are compared as exact strings (RFC 9700 section 4.1.3), the only leeway being
 * the port of a loopback IP redirect URI (RFC 8252 section 7.3); no clock, no randomness, no I/O.
 */
import type { Problem } from "../../platform/catalogue/keys.js";
import { isScope, type Scope, sortScopes } from "../../platform/scopes.js";

const MAX_REDIRECT_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
/** Loopback IP literals, whose port a native app picks at run time (RFC 8252 section 7.3). */
const LOOPBACK_IP_URI = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::\d{1,5})?([/?].*)?$/;

/** S256 of a verifier: 32 bytes in base64url without padding (RFC 7636 section 4.2). */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 section 4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** Why `uri` cannot be registered as a redirect URI, or null when it can. */
export function redirectUriProblem(uri: string): Problem | null {
  if (uri.length > MAX_REDIRECT_URI_LENGTH) return { key: "maxCharacters", most: MAX_REDIRECT_URI_LENGTH };
  // Matched as an exact string, so nothing a browser would silently rewrite (spaces, controls).
  if (!/^[\x21-\x7e]+$/.test(uri)) return { key: "printableAscii" };
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { key: "absoluteUrl" };
  }
  if (uri.includes("#")) return { key: "noFragment" };
  if (url.username !== "" || url.password !== "") return { key: "noCredentials" };
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname)) return null;
  return { key: "httpsOnly" };
}

/**
 * The registered redirect URIs as absolute URLs: a registered path (only the first-party web
 * app's, from migration 0030) stands for that path on each of `ownOrigins` — this service's
 * public address and the one the browser reached it at — so the code never leaves this service.
 */
export function resolveRedirectUris(registered: readonly string[], ownOrigins: readonly string[]): string[] {
  return registered.flatMap((uri) => (uri.startsWith("/") ? ownOrigins.map((origin) => `${origin}${uri}`) : [uri]));
}

/** Whether `presented` is one of the registered redirect URIs. */
export function redirectUriMatches(registered: readonly string[], presented: string): boolean {
  return registered.some((uri) => uri === presented || sameLoopbackUriButPort(uri, presented));
}

function sameLoopbackUriButPort(registered: string, presented: string): boolean {
  const left = LOOPBACK_IP_URI.exec(registered);
  const right = LOOPBACK_IP_URI.exec(presented);
  return left !== null && right !== null && left[1] === right[1] && (left[2] ?? "") === (right[2] ?? "");
}

export type ScopeParameter = { kind: "scopes"; scopes: Scope[] } | { kind: "unknown"; names: string[] };

/** RFC 6749 section 3.3: space-delimited names; absent or empty means `public`. */
export function readScopeParameter(text: string | undefined): ScopeParameter {
  const names = (text ?? "").split(" ").filter((name) => name !== "");
  if (names.length === 0) return { kind: "scopes", scopes: ["public"] };
  const unknown = names.filter((name) => !isScope(name));
  return unknown.length > 0 ? { kind: "unknown", names: unknown } : { kind: "scopes", scopes: sortScopes(names) };
}

/**
 * `redirectUri` with the response parameters added to its query, which it keeps (RFC 6749
 * section 3.1.2); parameters without a value are left out.
 */
export function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.href;
}

export type BasicCredentials = { clientId: string; clientSecret: string } | "malformed";

function formDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * The client credentials of an `Authorization: Basic` header (RFC 6749 section 2.3.1: id and
 * secret are form-url-encoded before base64), null when the header is not Basic at all.
 */
export function readBasicCredentials(header: string | undefined): BasicCredentials | null {
  const match = /^Basic(?:\s+(\S*))?\s*$/i.exec(header ?? "");
  if (!match) return null;
  const encoded = match[1] ?? "";
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return "malformed";
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  if (separator === -1) return "malformed";
  const clientId = formDecode(decoded.slice(0, separator));
  const clientSecret = formDecode(decoded.slice(separator + 1));
  if (clientId === null || clientSecret === null || clientId === "") return "malformed";
  return { clientId, clientSecret };
}
