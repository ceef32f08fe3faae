/**
 * Signing in to Kasboek's own OAuth server as its first-party web app (authorization code with
 * PKCE S256, public client `kasboek-web`), and signing out. Invariants:
 * - the access and refresh tokens live in this module's memory only: never in localStorage,
 *   sessionStorage or a cookie, so a reload signs in again — through /oauth/authorize, which
 *   answers at once while the login session lasts;
 * - the one thing kept across the redirect is the pending request (state, PKCE verifier, the page
 *   to return to) in sessionStorage, removed when the browser comes back, used or not;
 * - a code is exchanged once (React may mount the callback twice), and refreshing is done by one
 *   request at a time, which every waiting caller shares;
 * - signing out revokes the grant (its refresh token) and ends the login session (POST /logout
 *   with the page's CSRF token), then shows the login page.
 */
import { createKasboekClient } from "@kasboek/client";
import { challengeOf, randomToken } from "./pkce.js";

const CLIENT_ID = "kasboek-web";
const SCOPES = [
  "public",
  "read:me",
  "manage:companies",
  "manage:contacts",
  "manage:sales_invoices",
  "manage:payments",
  "manage:products",
  "read:accounts",
  "manage:quotations",
  "manage:expenses",
  "read:reports",
  // filing a VAT return posts its settlement entry
  "manage:journal_entries",
].join(" ");
const PENDING_KEY = "kasboek.signin";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const formBody = (body: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(body).filter((pair): pair is [string, string] => pair[1] !== undefined));

interface Tokens {
  access: string;
  refresh: string;
}

interface Pending {
  state: string;
  verifier: string;
  returnTo: string;
}

let tokens: Tokens | null = null;
let refreshing: Promise<boolean> | null = null;
let leaving = false;
const exchanges = new Map<string, Promise<string>>();

/** The OAuth endpoints and /logout, without the API's token: they take none. */
const oauth = createKasboekClient({ baseUrl: window.location.origin });

export function callbackUrl(): string {
  return `${window.location.origin}/app/callback`;
}

export function accessToken(): string | null {
  return tokens?.access ?? null;
}

/** The page the reader is on, to come back to after signing in. */
export function currentPage(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Sends the browser to Kasboek's sign-in, to come back to `returnTo`; once, however often asked. */
export async function signIn(returnTo: string = currentPage()): Promise<void> {
  if (leaving) return;
  leaving = true;
  tokens = null;
  const pending: Pending = { state: randomToken(16), verifier: randomToken(32), returnTo };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: callbackUrl(),
    response_type: "code",
    scope: SCOPES,
    state: pending.state,
    code_challenge: await challengeOf(pending.verifier),
    code_challenge_method: "S256",
  });
  window.location.assign(`/oauth/authorize?${query.toString()}`);
}

function takePending(): Pending | null {
  const text = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { state, verifier, returnTo } = value as Record<string, unknown>;
    if (typeof state !== "string" || typeof verifier !== "string" || typeof returnTo !== "string") return null;
    // only a page of the app itself is returned to
    return { state, verifier, returnTo: returnTo.startsWith("/app/") ? returnTo : "/app/" };
  } catch {
    return null;
  }
}

function readTokens(body: unknown): Tokens | null {
  if (typeof body !== "object" || body === null) return null;
  const { access_token, refresh_token } = body as Record<string, unknown>;
  return typeof access_token === "string" && typeof refresh_token === "string"
    ? { access: access_token, refresh: refresh_token }
    : null;
}

export class SignInError extends Error {
  override readonly name = "SignInError";
}

async function exchange(parameters: URLSearchParams): Promise<string> {
  const pending = takePending();
  const error = parameters.get("error");
  if (error !== null) throw new SignInError(parameters.get("error_description") ?? error);
  if (pending === null || parameters.get("state") !== pending.state) {
    throw new SignInError("the answer does not belong to a sign-in of this page");
  }
  const { data, response } = await oauth.POST("/oauth/token", {
    body: {
      grant_type: "authorization_code",
      client_id: CLIENT_ID,
      code: parameters.get("code") ?? "",
      redirect_uri: callbackUrl(),
      code_verifier: pending.verifier,
    },
    bodySerializer: formBody,
    headers: FORM,
  });
  const issued = response.ok ? readTokens(data) : null;
  if (issued === null) throw new SignInError(`the token endpoint answered ${response.status}`);
  tokens = issued;
  return pending.returnTo;
}

/** Finishes a sign-in at /app/callback: answers the page to go back to. */
export function completeSignIn(parameters: URLSearchParams): Promise<string> {
  const key = parameters.toString();
  let done = exchanges.get(key);
  if (done === undefined) {
    done = exchange(parameters);
    exchanges.set(key, done);
  }
  return done;
}

/** Swaps the refresh token for new tokens; false when that is no longer possible (sign in again). */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = tokens?.refresh;
    if (refresh === undefined) return false;
    try {
      const { data, response } = await oauth.POST("/oauth/token", {
        body: { grant_type: "refresh_token", client_id: CLIENT_ID, refresh_token: refresh },
        bodySerializer: formBody,
        headers: FORM,
      });
      tokens = response.ok ? readTokens(data) : null;
    } catch {
      tokens = null;
    }
    return tokens !== null;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Revokes the grant, ends the login session and shows the login page. */
export async function signOut(): Promise<void> {
  const refresh = tokens?.refresh;
  tokens = null;
  leaving = true;
  try {
    if (refresh !== undefined) {
      await oauth.POST("/oauth/revoke", {
        body: { client_id: CLIENT_ID, token: refresh, token_type_hint: "refresh_token" },
        bodySerializer: formBody,
        headers: FORM,
      });
    }
    const csrf = document.querySelector<HTMLMetaElement>('meta[name="kasboek-csrf"]')?.content ?? "";
    // /logout is a page of the login session, not an operation of the API document: a form post.
    await fetch("/logout", {
      method: "POST",
      body: new URLSearchParams({ csrf_token: csrf }),
      credentials: "same-origin",
      redirect: "manual",
    });
  } finally {
    window.location.assign(`/login?return_to=${encodeURIComponent("/app/")}`);
  }
}
