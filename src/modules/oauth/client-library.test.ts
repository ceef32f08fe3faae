/**
 * End to end with a real OAuth client library (oauth4webapi): the app listens on a real port;
 * a person's part (login, consent) is driven with fetch and cookies, the client's part entirely
 * by the library — authorization response validation (state, iss), the code exchange with PKCE
 * and client_secret_basic, a refresh, a call to the API, revocation — and the library also
 * discovers the server from its RFC 8414 metadata.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, type TestApp } from "../../../test/support/app.js";
import { TEST_PASSWORD } from "../../../test/support/oauth.js";
import { setPassword } from "../users/service.js";
import { type RegisteredClient, registerClient } from "./client-service.js";

const REDIRECT_URI = "https://client.example.test/oauth/callback";
let harness: TestApp;
let base: string;
let registered: RegisteredClient;

beforeAll(async () => {
  harness = await buildTestApp();
  await harness.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  // The issuer (in metadata and in every authorization response) is the public address.
  harness.deps.publicUrl = base;
  registered = await registerClient(harness.deps, {
    name: "Library Client",
    redirectUris: [REDIRECT_URI],
    confidential: true,
  });
});
afterAll(() => harness.close());

/** A browser's cookie jar, enough for one site. */
class Browser {
  readonly #cookies = new Map<string, string>();

  async fetch(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.#cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(new URL(path, base), {
      method: init.method ?? "GET",
      headers,
      redirect: "manual",
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      this.#cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  }
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The hidden and the named fields of the page's form that posts to `action`. */
function formFields(page: string, action: string): Record<string, string> {
  const form = page.slice(page.indexOf(`action="${action}"`));
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "").replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? "");
  }
  return fields;
}

describe("oauth4webapi against Kasboek", () => {
  it("discovers the server from its metadata", async () => {
    const issuer = new URL(base);
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", [oauth.allowInsecureRequests]: true });
    const discovered = await oauth.processDiscoveryResponse(issuer, response);
    expect(discovered).toMatchObject({ issuer: base, token_endpoint: `${base}/oauth/token` });
  });

  it("completes the authorization code flow with PKCE, refreshes, calls the API and revokes", async () => {
    const owner = await newCompany(harness.deps, `Library ${randomUUID()}`);
    await setPassword(harness.deps, owner.email, TEST_PASSWORD);

    const as: oauth.AuthorizationServer = {
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    };
    const client: oauth.Client = { client_id: registered.client_id };
    const clientAuth = oauth.ClientSecretBasic(registered.client_secret ?? "");
    const options = { [oauth.allowInsecureRequests]: true };

    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint ?? "");
    authorizationUrl.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "public read:me",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    }).toString();

    // The person: sent to log in, logs in, comes back to the consent page and allows access.
    const browser = new Browser();
    const toLogin = await browser.fetch(authorizationUrl.href);
    expect(toLogin.status).toBe(303);
    const loginPage = await (await browser.fetch(toLogin.headers.get("location") ?? "")).text();
    const loggedIn = await browser.fetch("/login", {
      method: "POST",
      form: { ...formFields(loginPage, "/login"), email: owner.email, password: TEST_PASSWORD },
    });
    expect(loggedIn.status).toBe(303);
    const consent = await browser.fetch(loggedIn.headers.get("location") ?? "");
    expect(consent.status).toBe(200);
    const consentPage = await consent.text();
    expect(consentPage).toContain("Library Client");
    const approved = await browser.fetch("/oauth/authorize", {
      method: "POST",
      form: {
        ...formFields(consentPage, "/oauth/authorize"),
        [`company_${owner.companyId}`]: "1",
        decision: "approve",
      },
    });
    expect(approved.status).toBe(303);
    const callback = new URL(approved.headers.get("location") ?? "");
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);

    // The client: validates the response (state, iss), exchanges the code, uses and refreshes the token.
    const parameters = oauth.validateAuthResponse(as, client, callback, state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      parameters,
      REDIRECT_URI,
      codeVerifier,
      options,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 7200, scope: "public read:me" });

    const me = await oauth.protectedResourceRequest(
      tokens.access_token,
      "GET",
      new URL(`${base}/api/v1/me`),
      undefined,
      undefined,
      options,
    );
    expect(me.status).toBe(200);
    expect(((await me.json()) as { me: { email: string } }).me.email).toBe(owner.email);

    const refreshResponse = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth,
      tokens.refresh_token ?? "",
      options,
    );
    const refreshed = await oauth.processRefreshTokenResponse(as, client, refreshResponse);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const meAgain = await fetch(`${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(meAgain.status).toBe(200);

    const revocation = await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token ?? "", options);
    await oauth.processRevocationResponse(revocation);
    const afterRevocation = await fetch(`${base}/api/v1/me`, {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });
    expect(afterRevocation.status).toBe(401);
  });
});
