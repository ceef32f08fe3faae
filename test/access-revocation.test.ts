/**
 * Access answers are remembered for up to a second (platform/access-cache.ts); this holds the
 * whole app to the promise that goes with that: a token revoked, or a company closed to the API,
 * is refused by the very next request of this process, even right after the token was used.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePersonalToken, revokeTokenById } from "../src/modules/tokens/service.js";
import { ALL_SCOPES } from "../src/platform/scopes.js";
import {
  buildTestApp,
  closeApiAccess,
  errorOf,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
const contactsUrl = () => `/api/v1/companies/${company.companyId}/contacts`;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

describe("a change of access", () => {
  it("refuses a revoked token at once, though it was used a moment before", async () => {
    const issued = await issuePersonalToken(harness.deps, harness.deps.db, company.userId, ALL_SCOPES);
    for (let index = 0; index < 3; index++) {
      expect((await request(harness.app, "GET", contactsUrl(), issued.token)).statusCode).toBe(200);
    }
    await revokeTokenById(harness.deps, issued.tokenId);
    const refused = await request(harness.app, "GET", contactsUrl(), issued.token);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).type).toBe("client.authentication.invalid_token");
  });

  it("refuses a company closed to the API at once", async () => {
    const other = await newCompany(harness.deps);
    const url = `/api/v1/companies/${other.companyId}/contacts`;
    expect((await request(harness.app, "GET", url, other.token)).statusCode).toBe(200);
    await closeApiAccess(harness.deps, other.companyId);
    const refused = await request(harness.app, "GET", url, other.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).type).toBe("client.authorization.access_denied");
  });
});
