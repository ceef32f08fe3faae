/**
 * The authorization endpoint over HTTP on the real database: untrusted client or redirect URI →
 * an error page and never a redirect; every other error → the redirect URI with error, state and
 * iss; PKCE S256 required; login first; the consent page; deny; approve → a single-use code
 * stored only as a hash; CSRF on the consent form; the pages in Dutch unless English is asked for.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, type TestApp } from "../../../test/support/app.js";
import {
  answerConsent,
  authorizePath,
  companyFieldsOf,
  locationParameters,
  pkcePair,
  signedInBrowser,
} from "../../../test/support/oauth.js";
import { csrfFieldOf } from "../../../test/support/pages.js";
import { createCompanyForOperator } from "../companies/service.js";
import { type RegisteredClient, registerClient } from "./client-service.js";

const REDIRECT_URI = "https://app.example.test/callback?tenant=7";
let harness: TestApp;
let client: RegisteredClient;
const { challenge } = pkcePair();

beforeAll(async () => {
  harness = await buildTestApp();
  client = await registerClient(harness.deps, {
    name: "Boekhoud<App>",
    redirectUris: [REDIRECT_URI, "http://127.0.0.1/native"],
    confidential: true,
  });
});
afterAll(() => harness.close());

function valid(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "public read:me",
    state: "xyz 123",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
}

/** A signed-in browser that asks for English (as the assertions on words expect), or for `language`. */
async function signedIn(language: string | null = "en") {
  const owner = await newCompany(harness.deps, "Eerste BV");
  const page = await signedInBrowser(harness.app, harness.deps, owner.email);
  if (language !== null) page.headers["accept-language"] = language;
  return { owner, page };
}

describe("requests that cannot be trusted get an error page, never a redirect", () => {
  /** What the Dutch page says for each case: every reason the service gives has its own words. */
  const DUTCH_REASONS: Record<string, string> = {
    "an unknown client": "De toepassing is niet bij deze dienst geregistreerd.",
    "a client_id with a NUL": "De toepassing is niet bij deze dienst geregistreerd.",
    "no client_id": "De toepassing stuurde geen client_id mee, of meer dan één.",
    "no redirect_uri": "De toepassing stuurde geen redirect_uri mee, of meer dan één.",
  };
  const cases: Array<[string, () => Record<string, string | undefined>]> = [
    ["an unknown client", () => valid({ client_id: "kbc_unknown" })],
    // no client has one, and PostgreSQL refuses to be asked for text holding it (a 500 before)
    ["a client_id with a NUL", () => valid({ client_id: "\u0000" })],
    ["no client_id", () => valid({ client_id: undefined })],
    ["no redirect_uri", () => valid({ redirect_uri: undefined })],
    ["a redirect_uri with another query", () => valid({ redirect_uri: "https://app.example.test/callback?tenant=8" })],
    [
      "a redirect_uri with a trailing slash",
      () => valid({ redirect_uri: "https://app.example.test/callback/?tenant=7" }),
    ],
    ["a redirect_uri of another host", () => valid({ redirect_uri: "https://evil.example.test/callback?tenant=7" })],
    ["a redirect_uri with different case", () => valid({ redirect_uri: "https://APP.example.test/callback?tenant=7" })],
    ["a registered http loopback URI on https", () => valid({ redirect_uri: "https://127.0.0.1/native" })],
  ];
  for (const [name, parameters] of cases) {
    it(name, async () => {
      const { page } = await signedIn();
      const response = await page.get(authorizePath(parameters()));
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain('role="alert"');
      expect(response.body).toContain("<h1>This application link is not valid</h1>");
      const dutch = await page.get(authorizePath(parameters()), { "accept-language": "fr" });
      expect(dutch.statusCode).toBe(400);
      expect(dutch.headers["content-language"]).toBe("nl");
      expect(dutch.body).toContain("<h1>Deze link van de toepassing is niet geldig</h1>");
      const reason =
        DUTCH_REASONS[name] ??
        "De toepassing vroeg om u door te sturen naar een adres dat zij niet heeft geregistreerd.";
      expect(dutch.body).toContain(`<p role="alert">${reason}</p>`);
    });
  }

  it("a repeated redirect_uri", async () => {
    const path = `${authorizePath(valid())}&redirect_uri=${encodeURIComponent("https://evil.example.test/")}`;
    const response = await harness.app.inject({ method: "GET", url: path });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it("accepts any port on a registered loopback IP redirect URI (RFC 8252 section 7.3), nothing else", async () => {
    const { page } = await signedIn();
    const other = await page.get(authorizePath(valid({ redirect_uri: "http://127.0.0.1:49152/native" })));
    expect(other.statusCode).toBe(200);
    const otherPath = await page.get(authorizePath(valid({ redirect_uri: "http://127.0.0.1:49152/native/x" })));
    expect(otherPath.statusCode).toBe(400);
  });
});

describe("other errors go back to the client's redirect URI", () => {
  const cases: Array<[string, Record<string, string | undefined>, string]> = [
    [
      "no code_challenge (PKCE is required)",
      { code_challenge: undefined, code_challenge_method: undefined },
      "invalid_request",
    ],
    ["the plain method", { code_challenge_method: "plain" }, "invalid_request"],
    ["no code_challenge_method (plain by default)", { code_challenge_method: undefined }, "invalid_request"],
    ["a malformed challenge", { code_challenge: "short" }, "invalid_request"],
    ["response_type token (implicit)", { response_type: "token" }, "unsupported_response_type"],
    ["no response_type", { response_type: undefined }, "invalid_request"],
    ["an unknown scope", { scope: "public admin" }, "invalid_scope"],
  ];
  for (const [name, overrides, error] of cases) {
    it(name, async () => {
      const response = await harness.app.inject({ method: "GET", url: authorizePath(valid(overrides)) });
      expect(response.statusCode).toBe(303);
      const location = String(response.headers.location);
      expect(location.startsWith("https://app.example.test/callback?tenant=7&")).toBe(true);
      const parameters = locationParameters(response);
      expect(parameters.get("error")).toBe(error);
      expect(parameters.get("error_description")).toMatch(/\S/);
      expect(parameters.get("state")).toBe("xyz 123");
      expect(parameters.get("iss")).toBe("http://127.0.0.1:3000");
      expect(parameters.get("code")).toBeNull();
    });
  }
});

describe("a valid request", () => {
  it("sends a visitor without a session to the login page, which comes back to the request", async () => {
    const response = await harness.app.inject({ method: "GET", url: authorizePath(valid()) });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location), "http://kasboek.test");
    expect(location.pathname).toBe("/login");
    const returnTo = location.searchParams.get("return_to") ?? "";
    expect(returnTo.startsWith("/oauth/authorize?")).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(returnTo.split("?")[1]))).toEqual(valid());
  });

  it("shows the consent page: client, scopes in words, companies ticked, and form-action for the redirect", async () => {
    const { owner, page } = await signedIn();
    const second = await createCompanyForOperator(harness.deps, owner.userId, {
      name: "Tweede & Zn",
      vat_liable: false,
    });
    const response = await page.get(authorizePath(valid()));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Boekhoud&lt;App&gt;");
    expect(response.body).toContain("See your name and e-mail address");
    expect(response.body).toContain("Tweede &amp; Zn");
    expect(companyFieldsOf(response.body).sort()).toEqual([`company_${owner.companyId}`, `company_${second}`].sort());
    expect(response.body.match(/ checked>/g)).toHaveLength(2);
    expect(response.body).toContain('value="xyz 123"');
    expect(String(response.headers["content-security-policy"])).toContain(
      "form-action 'self' https://app.example.test;",
    );
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  it("deny → access_denied with state and iss", async () => {
    const { page } = await signedIn();
    const response = await answerConsent(page, valid(), "deny");
    expect(response.statusCode).toBe(303);
    const parameters = locationParameters(response);
    expect(parameters.get("error")).toBe("access_denied");
    expect(parameters.get("state")).toBe("xyz 123");
    expect(parameters.get("iss")).toBe("http://127.0.0.1:3000");
    expect(parameters.get("code")).toBeNull();
  });

  it("approve → a code (stored only as its hash, valid 60 s, bound to redirect URI and challenge)", async () => {
    const { page } = await signedIn();
    const response = await answerConsent(page, valid());
    expect(response.statusCode).toBe(303);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    const parameters = locationParameters(response);
    expect(parameters.get("tenant")).toBe("7");
    expect(parameters.get("state")).toBe("xyz 123");
    expect(parameters.get("iss")).toBe("http://127.0.0.1:3000");
    const code = parameters.get("code") ?? "";
    expect(code).toMatch(/^[\w-]{43}$/);
    const row = await harness.deps.db
      .withTables<{
        oauth_codes: { code_hash: string; redirect_uri: string; code_challenge: string; expires_at: string };
      }>()
      .selectFrom("oauth_codes")
      .selectAll()
      .where("code_hash", "=", createHash("sha256").update(code).digest("hex"))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.redirect_uri).toBe(REDIRECT_URI);
    expect(row.code_challenge).toBe(challenge);
    expect(Date.parse(row.expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it("refuses an approval without any company ticked", async () => {
    const { page } = await signedIn();
    const response = await answerConsent(page, valid(), "approve", []);
    expect(response.statusCode).toBe(422);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain("Choose at least one company");
  });

  it("refuses a consent post without the CSRF pair", async () => {
    const { page, owner } = await signedIn();
    const forged = await page.post("/oauth/authorize", {
      ...fields(valid()),
      decision: "approve",
      [`company_${owner.companyId}`]: "1",
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
  });

  it("re-checks the posted parameters: a changed redirect_uri gets the error page", async () => {
    const { page } = await signedIn();
    const consent = await page.get(authorizePath(valid()));
    const posted: Record<string, string> = {
      ...fields(valid({ redirect_uri: "https://evil.example.test/" })),
      csrf_token: csrfFieldOf(consent.body),
      decision: "approve",
    };
    for (const name of companyFieldsOf(consent.body)) posted[name] = "1";
    const response = await page.post("/oauth/authorize", posted);
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });
});

describe("the consent page's language", () => {
  it.each([
    ["no Accept-Language", null, "nl"],
    ["en-GB,en;q=0.9", "en-GB,en;q=0.9", "en"],
    ["fr", "fr", "nl"],
  ])("with %s is in %s", async (_name, acceptLanguage, language) => {
    const { page } = await signedIn(acceptLanguage);
    const response = await page.get(authorizePath(valid()));
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${language}">`));
    expect(response.headers["content-language"]).toBe(language);
    expect(response.headers.vary).toBe("Accept-Language");
    const words =
      language === "nl"
        ? [
            "<title>Toegang geven aan Boekhoud&lt;App&gt;? · Kasboek</title>",
            "<h1>Mag <strong>Boekhoud&lt;App&gt;</strong> uw gegevens in Kasboek gebruiken?</h1>",
            "<p>Boekhoud&lt;App&gt; vraagt om:</p>",
            "<li>Uw naam en e-mailadres bekijken <span",
            "<legend>Voor welke bedrijven?</legend>",
            "Daarna gaat u terug naar <strong>https://app.example.test</strong>.",
            '<button type="submit" name="decision" value="approve">Toegang toestaan</button>',
            '<button type="submit" name="decision" value="deny" class="secondary">Weigeren</button>',
          ]
        : [
            "<h1>Allow <strong>Boekhoud&lt;App&gt;</strong> to use your Kasboek data?</h1>",
            "<li>See your name and e-mail address <span",
            '<button type="submit" name="decision" value="approve">Allow access</button>',
            '<button type="submit" name="decision" value="deny" class="secondary">Deny</button>',
          ];
    for (const text of words) expect(response.body).toContain(text);
  });

  it("refuses in Dutch by default: no company, a forged form, no decision", async () => {
    const { page, owner } = await signedIn(null);
    const none = await answerConsent(page, valid(), "approve", []);
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('<p class="notice error" role="alert">Kies ten minste één bedrijf.</p>');
    const forged = await page.post("/oauth/authorize", { ...fields(valid()), decision: "approve" });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("Er is geen toegang gegeven.");
    const consent = await page.get(authorizePath(valid()));
    const undecided = await page.post("/oauth/authorize", {
      ...fields(valid()),
      csrf_token: csrfFieldOf(consent.body),
      [`company_${owner.companyId}`]: "1",
    });
    expect(undecided.statusCode).toBe(400);
    expect(undecided.body).toContain("Kies Toegang toestaan of Weigeren.");
  });
});

/** The parameters that have a value, as form fields. */
function fields(parameters: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
