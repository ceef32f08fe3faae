/**
 * The account page over HTTP on the real database: login required, personal tokens created by
 * ticking scopes (shown once, working on the API), revoked (own tokens only), CSRF on every form,
 * the security headers, accessible markup, and its language (Dutch unless English is asked for).
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "../../../test/support/app.js";
import { PageBrowser } from "../../../test/support/pages.js";
import { escapeHtml } from "../../platform/pages/html.js";
import { SCOPE_DESCRIPTIONS, SCOPE_DESCRIPTIONS_NL } from "../../platform/scope-descriptions.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { loginUrl } from "../sessions/service.js";
import { issuePersonalToken } from "../tokens/service.js";
import { setPassword } from "../users/service.js";

const PASSWORD = "a perfectly long password";
let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

interface SignedIn {
  page: PageBrowser;
  userId: number;
  email: string;
  companyId: number;
}

/** A signed-in browser; it asks for English (as the assertions on words expect) unless told otherwise. */
async function signedIn(headers: Record<string, string> = { "accept-language": "en" }): Promise<SignedIn> {
  const owner = await newCompany(harness.deps);
  await setPassword(harness.deps, owner.email, PASSWORD);
  const page = new PageBrowser(harness.app, { remoteAddress: `10.1.${randomInt(256)}.${randomInt(1, 255)}`, headers });
  const response = await page.submit("/login", "/login", { email: owner.email, password: PASSWORD });
  expect(response.statusCode, response.body).toBe(303);
  return { page, userId: owner.userId, email: owner.email, companyId: owner.companyId };
}

const TOKEN_PATTERN = /kb_[\w-]{43}/g;

/** The id in the revoke form of the table row that names the token `name`. */
function tokenIdIn(body: string, name: string): string {
  const row = body.split("<tr>").find((part) => part.includes(`<td>${name}</td>`)) ?? "";
  return /action="\/account\/tokens\/(\d+)\/revoke"/.exec(row)?.[1] ?? "";
}

async function createToken(user: SignedIn, name: string, scopes: readonly string[]) {
  const fields = Object.fromEntries(scopes.map((scope) => [`scope_${scope}`, "1"]));
  return user.page.submit("/account", "/account/tokens", { name, ...fields });
}

describe("the account page", () => {
  it("needs a session: without one it sends the browser to log in and come back", async () => {
    const response = await harness.app.inject({ method: "GET", url: "/account" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(loginUrl("/account"));
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("shows who is signed in, a scope checkbox with its description for each scope, and the links", async () => {
    const user = await signedIn();
    const response = await user.page.get("/account");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    const body = response.body;
    expect(body).toContain(`Signed in as <strong>${user.email}</strong>`);
    expect(body).toContain("<h1>Your account</h1>");
    expect(body).toContain('<a href="/account/applications">');
    expect(body).toContain('<form method="post" action="/logout" class="inline">');
    // newCompany gave the user one unnamed token with every scope.
    expect(body).toContain("<td>(no name)</td>");
    expect(body).toContain('<th scope="col">Scopes</th>');
    expect(body).toContain('<label for="token_name">Name</label>');
    expect(body).toContain("<legend>What may the token do?</legend>");
    for (const scope of ALL_SCOPES) {
      const id = `scope-${scope.replace(/[^a-z_]/g, "-")}`;
      expect(body).toContain(`<input type="checkbox" id="${id}" name="scope_${scope}" value="1">`);
      expect(body).toContain(
        `<label for="${id}"><code>${scope}</code> — ${escapeHtml(SCOPE_DESCRIPTIONS[scope])}</label>`,
      );
    }
  });

  it("creates a token from the ticked scopes, shows it once, and the token works on the API", async () => {
    const user = await signedIn();
    const response = await createToken(user, "My <script> dashboard", ["read:me", "public"]);
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("no-store");
    const shown = response.body.match(TOKEN_PATTERN) ?? [];
    expect(shown).toHaveLength(1);
    const token = shown[0] ?? "";
    expect(response.body).toContain(`<input type="text" id="new_token" class="secret" readonly`);
    expect(response.body).toContain("<td>My &lt;script&gt; dashboard</td>");
    expect(response.body).not.toContain("<script>");
    expect(response.body).toContain("<code>public</code> <code>read:me</code>");

    const me = await request(harness.app, "GET", "/api/v1/me", token);
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({ me: { email: user.email } });
    const rides = await request(harness.app, "GET", `/api/v1/companies/${user.companyId}/rides`, token);
    expect(rides.statusCode).toBe(403);

    const later = await user.page.get("/account");
    expect(later.body).not.toContain(token);
    expect(later.body).toContain("My &lt;script&gt; dashboard");
    const stored = await harness.deps.db
      .withTables<{ api_tokens: { user_id: number; token_hash: string; name: string | null } }>()
      .selectFrom("api_tokens")
      .selectAll()
      .where("user_id", "=", user.userId)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("refuses a token without a name or without scopes with 422, keeping what was typed", async () => {
    const user = await signedIn();
    const noScopes = await createToken(user, "Nothing ticked", []);
    expect(noScopes.statusCode).toBe(422);
    expect(noScopes.body).toContain('role="alert">Tick at least one thing the token may do.</p>');
    expect(noScopes.body).toContain('value="Nothing ticked"');
    const noName = await createToken(user, "   ", ["manage:rides"]);
    expect(noName.statusCode).toBe(422);
    expect(noName.body).toContain("Give the token a name");
    expect(noName.body).toContain('name="scope_manage:rides" value="1" checked>');
    const tooLong = await createToken(user, "x".repeat(101), ["public"]);
    expect(tooLong.statusCode).toBe(422);
    expect(noScopes.body.match(TOKEN_PATTERN)).toBeNull();
    expect((await user.page.get("/account")).body).not.toContain("Nothing ticked");
  });

  it("revokes the user's own token: the API refuses it afterwards with 401", async () => {
    const user = await signedIn();
    const created = await createToken(user, "Short-lived", ["read:me"]);
    const token = created.body.match(TOKEN_PATTERN)?.[0] ?? "";
    const tokenId = tokenIdIn(created.body, "Short-lived");
    expect(tokenId).not.toBe("");
    expect(created.body).toContain('aria-label="Revoke Short-lived">Revoke</button>');

    const response = await user.page.submit("/account", `/account/tokens/${tokenId}/revoke`, {});
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/account");
    expect((await request(harness.app, "GET", "/api/v1/me", token)).statusCode).toBe(401);
    const after = await user.page.get("/account");
    expect(after.body).toMatch(/<td>Revoked \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td>/);
    expect(after.body).not.toContain(`/account/tokens/${tokenId}/revoke`);
  });

  it("cannot revoke another user's token, nor a token that does not exist", async () => {
    const user = await signedIn();
    const stranger = await newCompany(harness.deps);
    const theirs = await issuePersonalToken(harness.deps, harness.deps.db, stranger.userId, ["read:me"], "theirs");
    for (const id of [String(theirs.tokenId), "99999999", "abc", "0"]) {
      const response = await user.page.submit("/account", `/account/tokens/${id}/revoke`, {});
      expect(response.statusCode, id).toBe(404);
      expect(response.body).toContain("No such token");
    }
    expect((await request(harness.app, "GET", "/api/v1/me", theirs.token)).statusCode).toBe(200);
  });

  it("refuses forms without a matching CSRF pair with 403, changing nothing", async () => {
    const user = await signedIn();
    const created = await createToken(user, "Keep me", ["read:me"]);
    const token = created.body.match(TOKEN_PATTERN)?.[0] ?? "";
    const tokenId = tokenIdIn(created.body, "Keep me");
    expect(tokenId).not.toBe("");
    const forged = [
      user.page.post("/account/tokens", { name: "Forged", scope_public: "1" }),
      user.page.post("/account/tokens", { name: "Forged", scope_public: "1", csrf_token: "z".repeat(43) }),
      user.page.post(`/account/tokens/${tokenId}/revoke`, {}),
      user.page.post(`/account/tokens/${tokenId}/revoke`, { csrf_token: "z".repeat(43) }),
    ];
    for (const response of await Promise.all(forged)) {
      expect(response.statusCode).toBe(403);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("Nothing has been changed");
    }
    expect((await request(harness.app, "GET", "/api/v1/me", token)).statusCode).toBe(200);
    expect((await user.page.get("/account")).body).not.toContain("Forged");
  });

  it("sends a browser without a session to log in from a form too", async () => {
    const user = await signedIn();
    const opened = await user.page.get("/account");
    user.page.cookies.delete("kasboek_session");
    const response = await user.page.post("/account/tokens", {
      csrf_token: /name="csrf_token" value="([^"]+)"/.exec(opened.body)?.[1] ?? "",
      name: "Late",
      scope_public: "1",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(loginUrl("/account"));
  });
});

describe("the account page's language", () => {
  it.each([
    ["no Accept-Language", {}, "nl"],
    ["en-GB,en;q=0.9", { "accept-language": "en-GB,en;q=0.9" }, "en"],
    ["fr", { "accept-language": "fr" }, "nl"],
  ])("with %s is in %s", async (_name, headers, language) => {
    const user = await signedIn(headers);
    const response = await user.page.get("/account");
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`^<!doctype html>\n<html lang="${language}">`));
    expect(response.headers["content-language"]).toBe(language);
    expect(response.headers.vary).toBe("Accept-Language");
    const dutch = language === "nl";
    expect(response.body.includes("<h1>Uw account</h1>")).toBe(dutch);
    expect(response.body.includes("<h1>Your account</h1>")).toBe(!dutch);
    const descriptions = dutch ? SCOPE_DESCRIPTIONS_NL : SCOPE_DESCRIPTIONS;
    for (const scope of ALL_SCOPES) expect(response.body).toContain(`— ${escapeHtml(descriptions[scope])}</label>`);
  });

  it("speaks Dutch by default: the page, a new token, refusals and a revoked token", async () => {
    const user = await signedIn({});
    const page = (await user.page.get("/account")).body;
    for (const text of [
      "<title>Uw account · Kasboek</title>",
      "Ingelogd als <strong>",
      '<button type="submit" class="secondary">Uitloggen</button>',
      "Toepassingen waaraan u toegang hebt gegeven</a>",
      "<h2>Persoonlijke API-tokens</h2>",
      "<td>(geen naam)</td>",
      '<th scope="col">Bevoegdheden</th>',
      '<label for="token_name">Naam</label>',
      "<legend>Wat mag het token doen?</legend>",
      '<button type="submit">Token aanmaken</button>',
      "<td>Actief</td>",
    ])
      expect(page).toContain(text);
    expect(page).toMatch(/<td>\d\d-\d\d-\d{4} \d\d:\d\d UTC<\/td>/);

    const created = await createToken(user, "Boekhouding", ["read:me"]);
    expect(created.statusCode).toBe(201);
    expect(created.body).toContain("Uw nieuwe token “Boekhouding”");
    expect(created.body).toContain("Kopieer het nu");
    expect(created.body).toContain('aria-label="Boekhouding intrekken">Intrekken</button>');
    const noScopes = await createToken(user, "Niets", []);
    expect(noScopes.body).toContain('role="alert">Vink ten minste één ding aan dat het token mag doen.</p>');
    expect((await createToken(user, "", ["public"])).body).toContain("Geef het token een naam");
    expect((await createToken(user, "x".repeat(101), ["public"])).body).toContain("hoogstens 100 tekens");

    const tokenId = tokenIdIn(created.body, "Boekhouding");
    expect((await user.page.submit("/account", `/account/tokens/${tokenId}/revoke`, {})).statusCode).toBe(303);
    expect((await user.page.get("/account")).body).toMatch(/<td>Ingetrokken op \d\d-\d\d-\d{4} \d\d:\d\d UTC<\/td>/);
    const missing = await user.page.submit("/account", "/account/tokens/99999999/revoke", {});
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("<h1>Token niet gevonden</h1>");
    const forged = await user.page.post("/account/tokens", { name: "Vals", scope_public: "1" });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["content-language"]).toBe("nl");
    expect(forged.body).toContain("Er is niets gewijzigd.");
  });
});
