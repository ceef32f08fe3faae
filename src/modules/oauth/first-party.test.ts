/**
 * Kasboek's own web app as an OAuth client (migration 0030): registered public and first-party,
 * signed in without a consent page — and no other client ever is —, its redirect URI a path on
 * this service's own address (the public one or the one the browser used, never another site),
 * one grant per user brought up to date at each sign-in, and revoking its refresh token (the
 * app's sign-out) ending every access token of the grant.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  COMPLETE_COMPANY_DETAILS,
  newCompany,
  request,
  type TestApp,
} from "../../../test/support/app.js";
import {
  authorizePath,
  companyFieldsOf,
  locationParameters,
  pkcePair,
  postForm,
  signedInBrowser,
} from "../../../test/support/oauth.js";
import { createCompanyForOperator } from "../companies/service.js";
import { findClient, registerClient } from "./client-service.js";
import { listApplications } from "./grant-service.js";

const WEB_APP = "kasboek-web";
const PUBLIC_URL = "https://boeken.example.test";
const SCOPES = "public read:me manage:contacts";
let harness: TestApp;

beforeAll(async () => {
  harness = await buildTestApp();
  harness.deps.publicUrl = PUBLIC_URL;
});
afterAll(() => harness.close());

function webAppRequest(redirectUri = `${PUBLIC_URL}/app/callback`) {
  const { verifier, challenge } = pkcePair();
  const parameters = {
    client_id: WEB_APP,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: SCOPES,
    state: "s1",
    code_challenge: challenge,
    code_challenge_method: "S256",
  };
  return { parameters, verifier };
}

async function exchange(code: string, verifier: string, redirectUri = `${PUBLIC_URL}/app/callback`) {
  const response = await postForm(harness.app, "/oauth/token", {
    grant_type: "authorization_code",
    client_id: WEB_APP,
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as { access_token: string; refresh_token: string; scope: string };
}

describe("the web app's client", () => {
  it("is registered by the migration: public, first-party, redirecting to /app/callback", async () => {
    expect(await findClient(harness.deps, WEB_APP)).toMatchObject({
      name: "Kasboek",
      confidential: false,
      firstParty: true,
      redirectUris: ["/app/callback"],
    });
  });

  it("signs a signed-in user in at once, for every company, with no consent page", async () => {
    const owner = await newCompany(harness.deps, "Eigen App BV");
    const page = await signedInBrowser(harness.app, harness.deps, owner.email);
    const { parameters, verifier } = webAppRequest();
    const answer = await page.get(authorizePath(parameters));
    expect(answer.statusCode).toBe(303);
    expect(String(answer.headers.location)).toMatch(/^https:\/\/boeken\.example\.test\/app\/callback\?code=/);
    const returned = locationParameters(answer);
    expect(returned.get("state")).toBe("s1");
    const tokens = await exchange(returned.get("code") ?? "", verifier);
    expect(tokens.scope).toBe("public manage:contacts read:me");
    const contacts = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${owner.companyId}/contacts`,
      tokens.access_token,
    );
    expect(contacts.statusCode).toBe(200);
  });

  it("sends someone not signed in to the login page first, and back", async () => {
    const { parameters } = webAppRequest();
    const answer = await harness.app.inject({ url: authorizePath(parameters) });
    expect(answer.statusCode).toBe(303);
    expect(String(answer.headers.location)).toMatch(/^\/login\?return_to=%2Foauth%2Fauthorize%3F/);
  });

  it("returns to the address the browser used, and to no other site or path", async () => {
    const owner = await newCompany(harness.deps, "Adres BV");
    const page = await signedInBrowser(harness.app, harness.deps, owner.email);
    // light-my-request's browser reaches the service as localhost:80
    const own = webAppRequest("http://localhost:80/app/callback");
    const answer = await page.get(authorizePath(own.parameters));
    expect(answer.statusCode).toBe(303);
    const code = locationParameters(answer).get("code") ?? "";
    await exchange(code, own.verifier, "http://localhost:80/app/callback");

    for (const elsewhere of [
      "https://evil.example/app/callback",
      "http://localhost:80/app/other",
      "https://localhost:80/app/callback",
      "/app/callback",
      `${PUBLIC_URL}/app/callback/`,
    ]) {
      const refused = await page.get(authorizePath(webAppRequest(elsewhere).parameters));
      expect(refused.statusCode, elsewhere).toBe(400);
      expect(refused.headers.location, elsewhere).toBeUndefined();
    }
  });

  it("keeps one grant per user, brought up to date with the user's companies at each sign-in", async () => {
    const owner = await newCompany(harness.deps, "Eén Grant BV");
    const page = await signedInBrowser(harness.app, harness.deps, owner.email);
    for (let signIn = 0; signIn < 3; signIn += 1) {
      const { parameters, verifier } = webAppRequest();
      const code = locationParameters(await page.get(authorizePath(parameters))).get("code") ?? "";
      await exchange(code, verifier);
    }
    const applications = await listApplications(harness.deps, owner.userId);
    expect(applications.map((application) => application.clientName)).toEqual(["Kasboek"]);
    expect(applications[0]?.companyIds).toEqual([owner.companyId]);

    const otherId = await createCompanyForOperator(harness.deps, owner.userId, {
      ...COMPLETE_COMPANY_DETAILS,
      name: "Tweede Zaak BV",
    });
    const { parameters, verifier } = webAppRequest();
    const code = locationParameters(await page.get(authorizePath(parameters))).get("code") ?? "";
    const tokens = await exchange(code, verifier);
    const [application] = await listApplications(harness.deps, owner.userId);
    expect(application?.companyIds.sort()).toEqual([owner.companyId, otherId].sort());
    const listed = await request(harness.app, "GET", `/api/v1/companies/${otherId}/contacts`, tokens.access_token);
    expect(listed.statusCode).toBe(200);
  });

  it("signs out by revoking its refresh token: every access token of the grant stops working", async () => {
    const owner = await newCompany(harness.deps, "Uitlog BV");
    const page = await signedInBrowser(harness.app, harness.deps, owner.email);
    const issued = [];
    for (let tab = 0; tab < 2; tab += 1) {
      const { parameters, verifier } = webAppRequest();
      const code = locationParameters(await page.get(authorizePath(parameters))).get("code") ?? "";
      issued.push(await exchange(code, verifier));
    }
    const revoked = await postForm(harness.app, "/oauth/revoke", {
      client_id: WEB_APP,
      token: issued[1]?.refresh_token ?? "",
      token_type_hint: "refresh_token",
    });
    expect(revoked.statusCode).toBe(200);
    for (const tokens of issued) {
      const me = await request(harness.app, "GET", "/api/v1/me", tokens.access_token);
      expect(me.statusCode).toBe(401);
    }
    expect(await listApplications(harness.deps, owner.userId)).toEqual([]);
  });
});

describe("every other client", () => {
  it("still shows the consent page, public or confidential, to the same signed-in user", async () => {
    const owner = await newCompany(harness.deps, "Toestemming BV");
    const page = await signedInBrowser(harness.app, harness.deps, owner.email);
    for (const confidential of [false, true]) {
      const client = await registerClient(harness.deps, {
        name: "Andere App",
        redirectUris: ["https://andere.example/callback"],
        confidential,
      });
      expect((await findClient(harness.deps, client.client_id))?.firstParty).toBe(false);
      const { challenge } = pkcePair();
      const answer = await page.get(
        authorizePath({
          client_id: client.client_id,
          redirect_uri: "https://andere.example/callback",
          response_type: "code",
          scope: SCOPES,
          code_challenge: challenge,
          code_challenge_method: "S256",
        }),
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.location).toBeUndefined();
      expect(companyFieldsOf(answer.body)).toEqual([`company_${owner.companyId}`]);
    }
  });

  it("cannot register a path as its redirect URI, so it can never borrow the app's address", async () => {
    await expect(
      registerClient(harness.deps, { name: "Pad", redirectUris: ["/app/callback"], confidential: false }),
    ).rejects.toThrow(/not an absolute URL/);
  });
});
