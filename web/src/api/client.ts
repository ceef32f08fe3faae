/**
 * The app's one way to the API: the repository's typed client (clients/typescript, openapi-fetch)
 * with a fetch that adds what every call needs. Invariants:
 * - every request carries the in-memory access token and the reader's language (so the server's
 *   error messages come in it), and every POST and PATCH an Idempotency-Key of its own, kept
 *   when the request is sent again — automatically, or by the reader after a failure without an
 *   answer (unsettledWriteKeys) — so a double click or a retry never writes twice;
 * - a 401 refreshes the token once and sends the request again; when that fails, the reader
 *   goes through sign-in and comes back to the same page;
 * - a 429 waits as long as Retry-After says (up to a minute) and tries again, up to three times.
 */
import { createKasboekClient, type KasboekClient, KasboekError } from "@kasboek/client";
import { randomToken } from "../auth/pkce.js";
import { accessToken, refreshTokens, signIn } from "../auth/session.js";
import { currentLanguage } from "../i18n/i18n.js";

const MAX_RETRY_AFTER_SECONDS = 60;
const RATE_LIMIT_RETRIES = 3;

/**
 * The keys of writes that got no answer the server stands by (no answer at all, or a 5xx), by the
 * request (method, address, body): the very same request sent again — the reader's "try again",
 * or Save on an unchanged form — reuses its key, so the server either replays what it did with
 * the first or does it once. Any other answer settles it; the next such request is a new write.
 */
const unsettledWriteKeys = new Map<string, string>();

const isWrite = (request: Request) => request.method === "POST" || request.method === "PATCH";

async function writeSignature(request: Request): Promise<string> {
  return `${request.method} ${request.url} ${await request.clone().text()}`;
}

async function prepare(request: Request): Promise<Request> {
  const token = accessToken();
  if (token !== null) request.headers.set("Authorization", `Bearer ${token}`);
  request.headers.set("Accept-Language", currentLanguage());
  if (isWrite(request) && !request.headers.has("Idempotency-Key")) {
    const key = unsettledWriteKeys.get(await writeSignature(request)) ?? randomToken(18);
    request.headers.set("Idempotency-Key", key);
  }
  return request;
}

/** Sends a request, remembering a write's key while it is unsettled (see unsettledWriteKeys). */
async function send(request: Request): Promise<Response> {
  if (!isWrite(request)) return fetch(request);
  const signature = await writeSignature(request);
  const key = request.headers.get("Idempotency-Key") ?? "";
  try {
    const response = await fetch(request);
    if (response.status >= 500) unsettledWriteKeys.set(signature, key);
    else unsettledWriteKeys.delete(signature);
    return response;
  } catch (failure) {
    unsettledWriteKeys.set(signature, key);
    throw failure;
  }
}

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function authorizedFetch(input: Request): Promise<Response> {
  // the spare copy is made after the headers are set, so a repeat keeps the same Idempotency-Key
  const request = await prepare(input);
  const spare = request.clone();
  let response = await send(request);
  for (let attempt = 0; response.status === 429 && attempt < RATE_LIMIT_RETRIES; attempt++) {
    const seconds = Number(response.headers.get("Retry-After") ?? "1");
    if (!(seconds >= 0 && seconds <= MAX_RETRY_AFTER_SECONDS)) break;
    await wait(seconds);
    response = await send(spare.clone());
  }
  if (response.status !== 401) return response;
  if (await refreshTokens()) {
    const again = spare.clone();
    again.headers.set("Authorization", `Bearer ${accessToken() ?? ""}`);
    return send(again);
  }
  await signIn();
  // the page is leaving for the sign-in: the caller waits for nothing rather than show an error
  return new Promise<Response>(() => {});
}

export const api: KasboekClient = createKasboekClient({
  baseUrl: window.location.origin,
  fetch: authorizedFetch,
});

export { KasboekError };

/** A list page's items with the total the server counted (X-Total). */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/** The X-Total of a list response; the items' count when the header is missing. */
export function totalOf(response: Response, fallback: number): number {
  const total = Number(response.headers.get("X-Total"));
  return Number.isInteger(total) && total >= 0 ? total : fallback;
}
