/**
 * API error messages follow Accept-Language (nl or en, English by default), through the whole
 * app: the same type, status and headers in both languages, the message in the one asked for,
 * said in Content-Language, with `Vary: Accept-Language`.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalid } from "../src/platform/errors.js";
import { createHttpServer } from "../src/platform/http.js";
import { buildTestApp, errorOf, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
let stranger: TestCompany;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  stranger = await newCompany(harness.deps, "Someone Else BV");
});

afterAll(async () => {
  await harness.close();
});

const DUTCH = "nl-NL,nl;q=0.9,en;q=0.5";

type Send = (headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/** The same request without Accept-Language, in Dutch and in French (which we do not speak). */
async function inEachLanguage(send: Send) {
  const [none, dutch, english, french] = await Promise.all([
    send({}),
    send({ "accept-language": DUTCH }),
    send({ "accept-language": "en" }),
    send({ "accept-language": "fr" }),
  ]);
  for (const response of [none, english, french]) {
    expect(response.headers["content-language"]).toBe("en");
    expect(errorOf(response)).toEqual(errorOf(none));
  }
  expect(dutch.headers["content-language"]).toBe("nl");
  for (const response of [dutch, english, french]) {
    expect(response.statusCode).toBe(none.statusCode);
    expect(errorOf(response).type).toBe(errorOf(none).type);
    expect(response.headers["content-type"]).toBe(none.headers["content-type"]);
    expect(response.headers["www-authenticate"]).toBe(none.headers["www-authenticate"]);
    expect(response.headers.vary).toBe("Accept-Language");
  }
  return { english: errorOf(none), dutch: errorOf(dutch), status: none.statusCode };
}

const companyUrl = (path: string) => `/api/v1/companies/${company.companyId}${path}`;

describe("API error messages in the reader's language", () => {
  it("names every invalid attribute of a 422 in Dutch, keeping the attribute names", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(
        harness.app,
        "POST",
        companyUrl("/sales_invoices"),
        company.token,
        { sales_invoice: { date: "1980-01-01", invoice_lines: [{ description: "Advies", quantity: 1 }] } },
        headers,
      ),
    );
    expect(status).toBe(422);
    expect(english).toEqual({
      type: "client.parameters.validation",
      message:
        "Sales invoice is invalid: date must be on or after 1990-01-01; invoice_lines[0].price_per_unit can't be blank",
    });
    expect(dutch.message).toBe(
      "Verkoopfactuur is ongeldig: date moet op of na 1990-01-01 liggen; invoice_lines[0].price_per_unit mag niet leeg zijn",
    );
  });

  it("says a resource is not found", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(harness.app, "GET", companyUrl("/contacts/999999999"), company.token, undefined, headers),
    );
    expect([status, english.type]).toEqual([404, "client.not_found.resource"]);
    expect([english.message, dutch.message]).toEqual(["Contact not found", "Contact niet gevonden"]);
  });

  it("says an endpoint does not exist", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(harness.app, "GET", "/api/v1/nothing?page=2", company.token, undefined, headers),
    );
    expect([status, english.type]).toEqual([404, "client.not_found.endpoint"]);
    expect([english.message, dutch.message]).toEqual([
      "No endpoint GET /api/v1/nothing",
      "Er is geen endpoint GET /api/v1/nothing",
    ]);
  });

  it("says a token is invalid, with the same WWW-Authenticate", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(harness.app, "GET", companyUrl("/contacts"), "not-a-token", undefined, headers),
    );
    expect([status, english.type]).toEqual([401, "client.authentication.invalid_token"]);
    expect([english.message, dutch.message]).toEqual(["The access token is unknown", "Het toegangstoken is onbekend"]);
  });

  it("says access to a company is denied", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(
        harness.app,
        "GET",
        `/api/v1/companies/${stranger.companyId}/contacts`,
        company.token,
        undefined,
        headers,
      ),
    );
    expect([status, english.type]).toEqual([403, "client.authorization.access_denied"]);
    expect([english.message, dutch.message]).toEqual([
      "Access to this company is denied",
      "Toegang tot dit bedrijf is geweigerd",
    ]);
  });

  it("says a body is not JSON", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(harness.app, "POST", companyUrl("/contacts"), company.token, '{"contact": ', headers),
    );
    expect([status, english.type]).toEqual([400, "client.parameters.malformed_json"]);
    expect([english.message, dutch.message]).toEqual([
      "The request body is not valid JSON",
      "De inhoud van het verzoek is geen geldige JSON",
    ]);
  });

  it("says a query parameter is invalid", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(harness.app, "GET", companyUrl("/contacts?page=x"), company.token, undefined, headers),
    );
    expect([status, english.type]).toEqual([400, "client.parameters.invalid_parameter_value"]);
    expect([english.message, dutch.message]).toEqual([
      "Parameter page must be a whole number",
      "Parameter page moet een geheel getal zijn",
    ]);
  });

  it("answers failures found before routing in the language asked for", async () => {
    const { english, dutch, status } = await inEachLanguage((headers) =>
      request(harness.app, "GET", "/api/v1/companies/%zz", company.token, undefined, headers),
    );
    expect([status, english.type]).toEqual([400, "client.parameters.invalid_parameter_value"]);
    expect(dutch.message).toBe("Het pad van de URL is niet geldig procent-gecodeerd");
  });

  it("chooses by the reader's weights and keeps successful responses as they are", async () => {
    const url = companyUrl("/contacts/999999999");
    const rated = async (acceptLanguage: string) =>
      (await request(harness.app, "GET", url, company.token, undefined, { "accept-language": acceptLanguage })).headers[
        "content-language"
      ];
    expect(await rated("en;q=0.5, nl;q=0.8")).toBe("nl");
    expect(await rated("nl-BE")).toBe("nl");
    expect(await rated("nl;q=0, fr")).toBe("en");
    expect(await rated("de, *;q=0.1")).toBe("en");
    const listed = await request(harness.app, "GET", companyUrl("/contacts"), company.token, undefined, {
      "accept-language": DUTCH,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["content-language"]).toBeUndefined();
    expect(listed.headers.vary).toBeUndefined();
  });

  it("keeps the Vary values a route set before it failed", async () => {
    const app = createHttpServer({ logger: false });
    app.get("/failing", async (_request, reply) => {
      reply.header("vary", "Origin");
      throw invalid("contact", [{ attribute: "contact_number", problem: { key: "taken" } }]);
    });
    const response = await app.inject({ method: "GET", url: "/failing", headers: { "accept-language": "nl" } });
    expect(response.headers.vary).toBe("Origin, Accept-Language");
    expect(errorOf(response)).toEqual({
      type: "client.parameters.validation",
      message: "Contact is ongeldig: contact_number is al in gebruik",
    });
    await app.close();
  });
});
