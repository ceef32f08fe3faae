/**
 * OAuth access tokens on the API and their end: the same rules as personal tokens (scopes,
 * a company's allowed_scopes and api_accessible) plus only the companies of the grant; expiry
 * after 2 hours; the revocation endpoint (RFC 7009); the user's applications page with its
 * Revoke button; the authorization server metadata (RFC 8414).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowScopes,
  buildTestApp,
  closeApiAccess,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
} from "../../../test/support/app.js";
import { answerConsent, locationParameters, pkcePair, postForm, signedInBrowser } from "../../../test/support/oauth.js";
import { createCompanyForOperator } from "../companies/service.js";
import { type RegisteredClient, registerClient } from "./client-service.js";

const REDIRECT_URI = "https://app.example.test/callback";
let harness: TestApp;
let client: RegisteredClient;
let other: RegisteredClient;

beforeAll(async () => {
  harness = await buildTestApp();
  client = await registerClient(harness.deps, {
    name: "Facturen Koppeling",
    redirectUris: [REDIRECT_URI],
    confidential: true,
  });
  other = await registerClient(harness.deps, { name: "Other", redirectUris: [REDIRECT_URI], confidential: true });
});
afterAll(() => harness.close());

type Tokens = { access_token: string; refresh_token: string };

const credentials = (of: RegisteredClient) => ({ client_id: of.client_id, client_secret: of.client_secret ?? "" });

/** A user with two companies who grants `client` the scopes on the first company only. */
async function grantedOnFirstCompany(scope: string) {
  const owner = await newCompany(harness.deps, "Gedeeld BV");
  const secondCompanyId = await createCompanyForOperator(harness.deps, owner.userId, {
    name: "Privé BV",
    vat_liable: false,
  });
  const page = await signedInBrowser(harness.app, harness.deps, owner.email);
  page.headers["accept-language"] = "en";
  const { verifier, challenge } = pkcePair();
  const parameters = {
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope,
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
  const consent = await answerConsent(page, parameters, "approve", [`company_${owner.companyId}`]);
  const code = locationParameters(consent).get("code") ?? "";
  const response = await postForm(harness.app, "/oauth/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    ...credentials(client),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { owner, secondCompanyId, page, tokens: json<Tokens>(response) };
}

describe("OAuth access tokens on the API", () => {
  it("work on the granted company only; another company of the user is access_denied", async () => {
    const { owner, secondCompanyId, tokens } = await grantedOnFirstCompany("public manage:contacts");
    const granted = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${owner.companyId}/contacts`,
      tokens.access_token,
    );
    expect(granted.statusCode).toBe(200);
    const outside = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${secondCompanyId}/contacts`,
      tokens.access_token,
    );
    expect(outside.statusCode).toBe(403);
    expect(errorOf(outside).type).toBe("client.authorization.access_denied");
    const shown = await request(harness.app, "GET", `/api/v1/companies/${secondCompanyId}`, tokens.access_token);
    expect(shown.statusCode).toBe(403);
    const listed = await request(harness.app, "GET", "/api/v1/companies", tokens.access_token);
    expect(json<{ companies: Array<{ id: number }> }>(listed).companies.map((company) => company.id)).toEqual([
      owner.companyId,
    ]);
    expect(listed.headers["x-total"]).toBe("1");
  });

  it("keep to their scopes, the company's allowed_scopes and api_accessible", async () => {
    const { owner, tokens } = await grantedOnFirstCompany("public manage:contacts");
    const base = `/api/v1/companies/${owner.companyId}`;
    const rides = await request(harness.app, "GET", `${base}/rides`, tokens.access_token);
    expect(errorOf(rides).type).toBe("client.authorization.invalid_scope");
    await allowScopes(harness.deps, owner.companyId, ["public"]);
    const contacts = await request(harness.app, "GET", `${base}/contacts`, tokens.access_token);
    expect(errorOf(contacts).type).toBe("client.authorization.invalid_scope");
    await closeApiAccess(harness.deps, owner.companyId);
    const closed = await request(harness.app, "GET", base, tokens.access_token);
    expect(errorOf(closed).type).toBe("client.authorization.access_denied");
  });

  it("expire after 2 hours with a 401 saying so", async () => {
    const { owner, tokens } = await grantedOnFirstCompany("public");
    const url = `/api/v1/companies/${owner.companyId}`;
    const almost = await buildTestApp(() => new Date(Date.now() + 7_190_000));
    const later = await buildTestApp(() => new Date(Date.now() + 7_201_000));
    try {
      expect((await request(almost.app, "GET", url, tokens.access_token)).statusCode).toBe(200);
      const expired = await request(later.app, "GET", url, tokens.access_token);
      expect(expired.statusCode).toBe(401);
      expect(errorOf(expired)).toEqual({
        type: "client.authentication.invalid_token",
        message: "The access token expired",
      });
      expect(String(expired.headers["www-authenticate"])).toContain('error_description="The access token expired"');
    } finally {
      await almost.close();
      await later.close();
    }
  });
});

describe("POST /oauth/revoke (RFC 7009)", () => {
  const revoke = (of: RegisteredClient, token: string, hint?: string) =>
    postForm(harness.app, "/oauth/revoke", { token, ...(hint ? { token_type_hint: hint } : {}), ...credentials(of) });

  it("revokes an access token, and only that", async () => {
    const { owner, tokens } = await grantedOnFirstCompany("public");
    const response = await revoke(client, tokens.access_token, "access_token");
    expect(response.statusCode).toBe(200);
    expect(
      (await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}`, tokens.access_token)).statusCode,
    ).toBe(401);
    const refreshed = await postForm(harness.app, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      ...credentials(client),
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it("revokes the whole grant for a refresh token", async () => {
    const { owner, tokens } = await grantedOnFirstCompany("public");
    expect((await revoke(client, tokens.refresh_token)).statusCode).toBe(200);
    expect(
      (await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}`, tokens.access_token)).statusCode,
    ).toBe(401);
    const refreshed = await postForm(harness.app, "/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      ...credentials(client),
    });
    expect(json(refreshed).error).toBe("invalid_grant");
  });

  it("answers 200 for an unknown token, refuses another client's token and a failed client authentication", async () => {
    const { owner, tokens } = await grantedOnFirstCompany("public");
    expect((await revoke(client, "kbo_unknown")).statusCode).toBe(200);
    expect((await revoke(client, owner.token)).statusCode).toBe(200);
    expect((await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}`, owner.token)).statusCode).toBe(
      200,
    );
    const foreign = await revoke(other, tokens.access_token);
    expect({ status: foreign.statusCode, error: json(foreign).error }).toEqual({
      status: 400,
      error: "unauthorized_client",
    });
    const unauthenticated = await postForm(harness.app, "/oauth/revoke", {
      token: tokens.access_token,
      client_id: client.client_id,
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(
      (await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}`, tokens.access_token)).statusCode,
    ).toBe(200);
  });
});

describe("the applications page", () => {
  it("requires a login", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/account/applications" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/login?return_to=%2Faccount%2Fapplications");
  });

  it("lists what the user authorised and revokes it with every token", async () => {
    const { owner, page, tokens } = await grantedOnFirstCompany("public manage:contacts");
    const listed = await page.get("/account/applications");
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain("Facturen Koppeling");
    expect(listed.body).toContain("Gedeeld BV");
    expect(listed.body).not.toContain("Privé BV");
    expect(listed.body).toContain("<code");
    const action = /action="(\/account\/applications\/\d+\/revoke)"/.exec(listed.body)?.[1] ?? "";
    expect(action).not.toBe("");

    const forged = await page.post(action, { csrf_token: "x".repeat(43) });
    expect(forged.statusCode).toBe(403);
    const stranger = await signedInBrowser(harness.app, harness.deps, (await newCompany(harness.deps)).email);
    // a page with a form, for the CSRF field: the stranger has no application to revoke
    expect((await stranger.submit("/account", action, {})).statusCode).toBe(404);
    expect(
      (await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}`, tokens.access_token)).statusCode,
    ).toBe(200);

    const revoked = await page.submit("/account/applications", action, {});
    expect(revoked.statusCode).toBe(303);
    expect(
      (await request(harness.app, "GET", `/api/v1/companies/${owner.companyId}`, tokens.access_token)).statusCode,
    ).toBe(401);
    const after = await page.get(String(revoked.headers.location));
    expect(after.body).toContain("Access revoked");
    expect(after.body).not.toContain("Facturen Koppeling");
  });

  it.each([
    ["no Accept-Language", undefined, "nl"],
    ["en-GB,en;q=0.9", "en-GB,en;q=0.9", "en"],
    ["fr", "fr", "nl"],
  ])("with %s is in %s", async (_name, acceptLanguage, language) => {
    const { page } = await grantedOnFirstCompany("public read:me");
    delete page.headers["accept-language"];
    const response = await page.get(
      "/account/applications",
      acceptLanguage ? { "accept-language": acceptLanguage } : {},
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${language}">`));
    expect(response.headers["content-language"]).toBe(language);
    expect(response.headers.vary).toBe("Accept-Language");
    const heading = language === "nl" ? "Toepassingen waaraan u toegang hebt gegeven" : "Applications you authorised";
    expect(response.body).toContain(`<h1>${heading}</h1>`);
    const described = language === "nl" ? "Uw naam en e-mailadres bekijken" : "See your name and e-mail address";
    expect(response.body).toContain(`<code title="${described}">read:me</code>`);
  });

  it("speaks Dutch by default when revoking, and on its refusals", async () => {
    const { page } = await grantedOnFirstCompany("public");
    delete page.headers["accept-language"];
    const listed = await page.get("/account/applications");
    expect(listed.body).toContain('aria-label="Toegang van Facturen Koppeling intrekken">Intrekken</button>');
    expect(listed.body).toMatch(/<td>\d\d-\d\d-\d{4} \d\d:\d\d UTC<\/td>/);
    const action = /action="(\/account\/applications\/\d+\/revoke)"/.exec(listed.body)?.[1] ?? "";
    const forged = await page.post(action, { csrf_token: "x".repeat(43) });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("<h1>Het formulier kon niet worden geaccepteerd</h1>");
    const missing = await page.submit("/account/applications", "/account/applications/99999999/revoke", {});
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("<h1>Toepassing niet gevonden</h1>");
    const revoked = await page.submit("/account/applications", action, {});
    const after = await page.get(String(revoked.headers.location));
    expect(after.body).toContain("Toegang ingetrokken: de tokens van de toepassing werken niet meer.");
    expect(after.body).toContain("U hebt nog geen enkele toepassing toegang gegeven.");
  });
});

describe("GET /.well-known/oauth-authorization-server", () => {
  it("describes the server (RFC 8414)", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/.well-known/oauth-authorization-server" });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      issuer: "http://127.0.0.1:3000",
      authorization_endpoint: "http://127.0.0.1:3000/oauth/authorize",
      token_endpoint: "http://127.0.0.1:3000/oauth/token",
      revocation_endpoint: "http://127.0.0.1:3000/oauth/revoke",
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      authorization_response_iss_parameter_supported: true,
    });
  });
});
