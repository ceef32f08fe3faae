/**
 * The token endpoint over HTTP on the real database: the code exchange with PKCE (and every way
 * it is refused), client authentication in the body and by HTTP Basic, code reuse revoking what
 * the code issued, an expired code, refresh-token rotation and reuse revoking the grant, and
 * scopes that may narrow but never widen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "../../../test/support/app.js";
import {
  answerConsent,
  basicAuthorization,
  locationParameters,
  pkcePair,
  postForm,
  signedInBrowser,
} from "../../../test/support/oauth.js";
import type { PageBrowser } from "../../../test/support/pages.js";
import { type RegisteredClient, registerClient } from "./client-service.js";

const REDIRECT_URI = "https://app.example.test/callback";
let harness: TestApp;
let client: RegisteredClient;
let other: RegisteredClient;
let publicClient: RegisteredClient;
let page: PageBrowser;

beforeAll(async () => {
  harness = await buildTestApp();
  const redirectUris = [REDIRECT_URI];
  client = await registerClient(harness.deps, { name: "Confidential", redirectUris, confidential: true });
  other = await registerClient(harness.deps, { name: "Other", redirectUris, confidential: true });
  publicClient = await registerClient(harness.deps, { name: "Native", redirectUris, confidential: false });
  const owner = await newCompany(harness.deps);
  page = await signedInBrowser(harness.app, harness.deps, owner.email);
});
afterAll(() => harness.close());

type TokenBody = Record<string, unknown> & { access_token: string; refresh_token: string; scope: string };

/** A fresh code for `forClient`, with the verifier that goes with it. */
async function newCode(forClient: RegisteredClient = client, scope = "public read:me") {
  const { verifier, challenge } = pkcePair();
  const response = await answerConsent(page, {
    client_id: forClient.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return { code: locationParameters(response).get("code") ?? "", verifier };
}

function exchange(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(harness.app, "/oauth/token", fields, headers);
}

function codeFields(code: string, verifier: string, forClient: RegisteredClient = client): Record<string, string> {
  return {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    client_id: forClient.client_id,
    ...(forClient.client_secret === null ? {} : { client_secret: forClient.client_secret }),
  };
}

function refreshFields(refreshToken: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: client.client_id,
    client_secret: client.client_secret ?? "",
    ...extra,
  };
}

async function tokensFor(scope = "public read:me"): Promise<TokenBody> {
  const { code, verifier } = await newCode(client, scope);
  const response = await exchange(codeFields(code, verifier));
  expect(response.statusCode, response.body).toBe(200);
  return json<TokenBody>(response);
}

function expectOAuthError(response: { statusCode: number; body: string }, status: number, error: string): void {
  expect({ status: response.statusCode, body: json(response) }).toEqual({
    status,
    body: { error, error_description: expect.stringMatching(/\S/) },
  });
}

describe("the authorization code grant", () => {
  it("answers the reference's token response, not cacheable, and the token works on the API", async () => {
    const { code, verifier } = await newCode();
    const response = await exchange(codeFields(code, verifier));
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = json<TokenBody>(response);
    expect(Object.keys(body)).toEqual([
      "access_token",
      "token_type",
      "expires_in",
      "refresh_token",
      "scope",
      "created_at",
    ]);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 7200, scope: "public read:me" });
    expect(Math.abs(Number(body.created_at) - Date.now() / 1000)).toBeLessThan(60);
    const me = await request(harness.app, "GET", "/api/v1/me", body.access_token);
    expect(me.statusCode).toBe(200);
  });

  it("refuses a wrong code_verifier (PKCE mismatch) and spends the code (RFC 9700)", async () => {
    const { code, verifier } = await newCode();
    // a request without a verifier is malformed, not an exchange: the code stays
    expectOAuthError(await exchange({ ...codeFields(code, verifier), code_verifier: "" }), 400, "invalid_request");
    expectOAuthError(await exchange(codeFields(code, pkcePair().verifier)), 400, "invalid_grant");
    const afterwards = await exchange(codeFields(code, verifier));
    expectOAuthError(afterwards, 400, "invalid_grant");
    expect(json<{ error_description: string }>(afterwards).error_description).toMatch(/used already/);
  });

  it("refuses another redirect_uri than the code's and spends the code", async () => {
    const { code, verifier } = await newCode();
    const response = await exchange({ ...codeFields(code, verifier), redirect_uri: "https://app.example.test/other" });
    expectOAuthError(response, 400, "invalid_grant");
    expectOAuthError(await exchange(codeFields(code, verifier)), 400, "invalid_grant");
  });

  it("refuses an unknown code and a code of another client", async () => {
    const { verifier } = await newCode();
    expectOAuthError(await exchange(codeFields("not-a-code", verifier)), 400, "invalid_grant");
    const { code, verifier: otherVerifier } = await newCode(other);
    expectOAuthError(await exchange(codeFields(code, otherVerifier, client)), 400, "invalid_grant");
    expect((await exchange(codeFields(code, otherVerifier, other))).statusCode).toBe(200);
  });

  it("refuses a code used twice and revokes the tokens issued with it", async () => {
    const { code, verifier } = await newCode();
    const first = json<TokenBody>(await exchange(codeFields(code, verifier)));
    expect((await request(harness.app, "GET", "/api/v1/me", first.access_token)).statusCode).toBe(200);
    expectOAuthError(await exchange(codeFields(code, verifier)), 400, "invalid_grant");
    const me = await request(harness.app, "GET", "/api/v1/me", first.access_token);
    expect(me.statusCode).toBe(401);
    expectOAuthError(await exchange(refreshFields(first.refresh_token)), 400, "invalid_grant");
  });

  it("lets only one of two concurrent uses of a code win, and then revokes what it issued", async () => {
    const { code, verifier } = await newCode();
    const answers = await Promise.all([exchange(codeFields(code, verifier)), exchange(codeFields(code, verifier))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    const { access_token } = json<TokenBody>({ body: winner?.body ?? "{}" });
    expect((await request(harness.app, "GET", "/api/v1/me", access_token)).statusCode).toBe(401);
  });

  it("refuses a code after its 60 seconds", async () => {
    const { code, verifier } = await newCode();
    const later = await buildTestApp(() => new Date(Date.now() + 61_000));
    try {
      const response = await postForm(later.app, "/oauth/token", codeFields(code, verifier));
      expectOAuthError(response, 400, "invalid_grant");
      expect(json<{ error_description: string }>(response).error_description).toMatch(/expired/);
    } finally {
      await later.close();
    }
  });
});

describe("client authentication", () => {
  it("refuses a wrong secret, a missing secret and an unknown client with 401 invalid_client", async () => {
    const { code, verifier } = await newCode();
    expectOAuthError(
      await exchange({ ...codeFields(code, verifier), client_secret: "kbs_wrong" }),
      401,
      "invalid_client",
    );
    const { client_secret: _secret, ...withoutSecret } = codeFields(code, verifier);
    expectOAuthError(await exchange(withoutSecret), 401, "invalid_client");
    expectOAuthError(await exchange({ ...codeFields(code, verifier), client_id: "kbc_nobody" }), 401, "invalid_client");
    const { client_id: _id, client_secret: _s, ...anonymous } = codeFields(code, verifier);
    expectOAuthError(await exchange(anonymous), 401, "invalid_client");
    expect((await exchange(codeFields(code, verifier))).statusCode).toBe(200);
  });

  it("accepts HTTP Basic, and answers a failed Basic attempt with a Basic challenge", async () => {
    const { code, verifier } = await newCode();
    const { client_id: _id, client_secret: _secret, ...grant } = codeFields(code, verifier);
    const wrong = await exchange(grant, { authorization: basicAuthorization(client.client_id, "kbs_wrong") });
    expectOAuthError(wrong, 401, "invalid_client");
    expect(String(wrong.headers["www-authenticate"])).toMatch(/^Basic realm="Kasboek"/);
    const malformed = await exchange(grant, { authorization: "Basic !!!" });
    expectOAuthError(malformed, 401, "invalid_client");
    const both = await exchange(
      { ...grant, client_secret: client.client_secret ?? "" },
      { authorization: basicAuthorization(client.client_id, client.client_secret ?? "") },
    );
    expectOAuthError(both, 400, "invalid_request");
    const right = await exchange(grant, {
      authorization: basicAuthorization(client.client_id, client.client_secret ?? ""),
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("lets a public client authenticate by its id alone, but not with a secret", async () => {
    const { code, verifier } = await newCode(publicClient);
    expectOAuthError(
      await exchange({ ...codeFields(code, verifier, publicClient), client_secret: "anything" }),
      401,
      "invalid_client",
    );
    expect((await exchange(codeFields(code, verifier, publicClient))).statusCode).toBe(200);
  });

  it("refuses other grant types and other bodies", async () => {
    const credentials = { client_id: client.client_id, client_secret: client.client_secret ?? "" };
    expectOAuthError(await exchange({ ...credentials, grant_type: "password" }), 400, "unsupported_grant_type");
    expectOAuthError(
      await exchange({ ...credentials, grant_type: "client_credentials" }),
      400,
      "unsupported_grant_type",
    );
    expectOAuthError(await exchange(credentials), 400, "invalid_request");
    const asJson = await harness.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ ...credentials, grant_type: "authorization_code" }),
    });
    expectOAuthError(asJson, 400, "invalid_request");
  });
});

describe("the refresh token grant", () => {
  it("rotates: each refresh answers a new refresh token, and the new access token works", async () => {
    const first = await tokensFor();
    const second = await exchange(refreshFields(first.refresh_token));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers["cache-control"]).toBe("no-store");
    const body = json<TokenBody>(second);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(body.access_token).not.toBe(first.access_token);
    expect(body.scope).toBe("public read:me");
    expect((await request(harness.app, "GET", "/api/v1/me", body.access_token)).statusCode).toBe(200);
    expect((await exchange(refreshFields(body.refresh_token))).statusCode).toBe(200);
  });

  it("refuses a used refresh token and revokes the whole grant", async () => {
    const first = await tokensFor();
    const second = json<TokenBody>(await exchange(refreshFields(first.refresh_token)));
    expectOAuthError(await exchange(refreshFields(first.refresh_token)), 400, "invalid_grant");
    for (const token of [first.access_token, second.access_token]) {
      const me = await request(harness.app, "GET", "/api/v1/me", token);
      expect(me.statusCode).toBe(401);
    }
    expectOAuthError(await exchange(refreshFields(second.refresh_token)), 400, "invalid_grant");
  });

  it("refuses another client's refresh token without revoking anything", async () => {
    const first = await tokensFor();
    const stolen = await exchange({
      ...refreshFields(first.refresh_token),
      client_id: other.client_id,
      client_secret: other.client_secret ?? "",
    });
    expectOAuthError(stolen, 400, "invalid_grant");
    expect((await exchange(refreshFields(first.refresh_token))).statusCode).toBe(200);
  });

  it("narrows the scope when asked, and never widens it beyond the grant", async () => {
    const first = await tokensFor("public read:me");
    const wider = await exchange(refreshFields(first.refresh_token, { scope: "public read:me manage:contacts" }));
    expectOAuthError(wider, 400, "invalid_scope");
    expectOAuthError(
      await exchange(refreshFields(first.refresh_token, { scope: "public root" })),
      400,
      "invalid_scope",
    );
    const narrower = json<TokenBody>(await exchange(refreshFields(first.refresh_token, { scope: "public" })));
    expect(narrower.scope).toBe("public");
    const me = await request(harness.app, "GET", "/api/v1/me", narrower.access_token);
    expect(me.statusCode).toBe(403);
    // the refresh token keeps the grant's scopes (RFC 6749 section 6)
    const again = json<TokenBody>(await exchange(refreshFields(narrower.refresh_token)));
    expect(again.scope).toBe("public read:me");
  });
});
