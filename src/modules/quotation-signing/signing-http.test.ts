/**
 * What the signing pages answer at the HTTP level, on the run's real database: security headers
 * on every kind of response, the CSRF cookie's attributes, HTML (never the API's JSON envelope)
 * for unknown links and unreadable bodies, the PDF and the shared stylesheet — and that the form parser
 * of these pages leaves the API's JSON-only bodies as they were.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "../../../test/support/app.js";
import { cookieAttributes, csrfFieldOf } from "../../../test/support/pages.js";

let harness: TestApp;
let company: TestCompany;
let contactId: number;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
  company = await newCompany(harness.deps, "Glazenwasserij Smit");
  const contact = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: { company_name: "Bakkerij Jansen" },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
});
afterAll(() => harness.close());

/** The path of a new published quotation's signing link, and its number. */
async function signingLink(): Promise<{ path: string; number: string }> {
  const response = await request(
    harness.app,
    "POST",
    `/api/v1/companies/${company.companyId}/quotations`,
    company.token,
    {
      quotation: {
        contact_id: contactId,
        creates_sign_url_on_publish: true,
        _publish: true,
        invoice_lines: [{ description: "Werk", price_per_unit: "100" }],
      },
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  const quotation = json<{ quotation: { sign_url: string; invoice_number: string } }>(response).quotation;
  return { path: new URL(quotation.sign_url).pathname, number: quotation.invoice_number };
}

const get = (url: string, headers: Record<string, string> = {}) => harness.app.inject({ method: "GET", url, headers });

function expectPageHeaders(response: LightMyRequestResponse): void {
  expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(response.headers["content-security-policy"]).toBe(
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.headers["content-language"]).toMatch(/^(nl|en)$/);
  expect(response.headers.vary).toBe("Accept-Language");
  expectCommonHeaders(response);
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
}

function csrfCookieOf(response: LightMyRequestResponse): string {
  return String(response.headers["set-cookie"] ?? "");
}

describe("signing pages over HTTP", () => {
  it("sends the security headers with every page, refusal and failure", async () => {
    const { path } = await signingLink();
    const responses = [
      await get(path),
      await get(`/sign/quotations/${"x".repeat(43)}`),
      await harness.app.inject({ method: "POST", url: path }),
      await harness.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/json" },
        payload: "{}",
      }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 404, 403, 415]);
    for (const response of responses) {
      expectPageHeaders(response);
      expect(response.body).toMatch(/^<!doctype html>/);
    }
  });

  it("loads nothing from elsewhere and runs no script", async () => {
    const { path } = await signingLink();
    const body = (await get(path)).body;
    expect(body).not.toMatch(/https?:|\/\/[a-z]/i);
    expect(body).not.toMatch(/<script|\son\w+=|style=/i);
    expect(body).toContain('<link rel="stylesheet" href="/assets/kasboek.css">');
  });

  it("sets the CSRF cookie HttpOnly, SameSite=Strict on the whole site, Secure only over https", async () => {
    const { path } = await signingLink();
    const plain = csrfCookieOf(await get(path));
    expect(plain).toMatch(/^kasboek_csrf=[^;]+;/);
    expect(cookieAttributes(plain)).toEqual(["HttpOnly", "Path=/", "SameSite=Strict"]);
    const secure = csrfCookieOf(await get(path, { "x-forwarded-proto": "https" }));
    expect(cookieAttributes(secure)).toEqual(["HttpOnly", "Path=/", "SameSite=Strict", "Secure"]);
  });

  it("keeps a signed cookie the browser already has and replaces one that is not", async () => {
    const { path } = await signingLink();
    const kept = csrfCookieOf(await get(path)).split(";")[0] ?? "";
    const page = await get(path, { cookie: `theme=dark; ${kept}` });
    // The platform leaves a cookie the browser keeps as it is, rather than writing it again.
    expect(csrfCookieOf(page)).toBe("");
    expect(csrfFieldOf(page.body)).toMatch(/^[\w-]{20,}$/);
    for (const cookie of ["kasboek_csrf=short", `${kept}x`]) {
      const replaced = csrfCookieOf(await get(path, { cookie }));
      expect(replaced).toMatch(/^kasboek_csrf=[^;]+;/);
      expect(replaced).not.toContain(`${cookie};`);
    }
  });

  it("answers an unknown or malformed link, or an unknown path under /sign, with a 404 page", async () => {
    for (const path of [`/sign/quotations/${"x".repeat(43)}`, "/sign/quotations/not*valid", "/sign/elsewhere"]) {
      const response = await get(path, { "accept-language": "en" });
      expect(response.statusCode, path).toBe(404);
      expectPageHeaders(response);
      expect(response.body).toContain("<h1>This link is not valid</h1>");
      const dutch = await get(path);
      expect(dutch.statusCode, path).toBe(404);
      expect(dutch.body).toContain("<h1>Deze link is niet geldig</h1>");
    }
    // a genuine CSRF pair, from the page of another quotation
    const opened = await get((await signingLink()).path);
    const unknown = await harness.app.inject({
      method: "POST",
      url: `/sign/quotations/${"x".repeat(43)}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded; charset=UTF-8",
        cookie: csrfCookieOf(opened).split(";")[0] ?? "",
        "accept-language": "en",
      },
      payload: `decision=approve&signer_name=Jan&csrf_token=${csrfFieldOf(opened.body)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("This link is not valid");
  });

  it.each([
    ["no Accept-Language", {}, "nl", "Deze link is niet geldig", "Het formulier kon niet worden gelezen"],
    [
      "en-GB,en;q=0.9",
      { "accept-language": "en-GB,en;q=0.9" },
      "en",
      "This link is not valid",
      "The form could not be read",
    ],
    ["fr", { "accept-language": "fr" }, "nl", "Deze link is niet geldig", "Het formulier kon niet worden gelezen"],
  ])("words its error pages for %s in %s", async (_name, headers, language, notValid, unreadable) => {
    const unknown = await get(`/sign/quotations/${"x".repeat(43)}`, headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-language"]).toBe(language);
    expect(unknown.body).toMatch(new RegExp(`^<!doctype html>\n<html lang="${language}">`));
    expect(unknown.body).toContain(`<h1>${notValid}</h1>`);
    const { path } = await signingLink();
    const json = await harness.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/json", ...headers },
      payload: "{}",
    });
    expect(json.statusCode).toBe(415);
    expect(json.headers["content-language"]).toBe(language);
    expect(json.body).toContain(`<h1>${unreadable}</h1>`);
  });

  it("refuses an oversized form with a 413 page", async () => {
    const { path } = await signingLink();
    const response = await harness.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `signer_name=${"x".repeat(20_000)}`,
    });
    expect(response.statusCode).toBe(413);
    expectPageHeaders(response);
  });

  it("serves the quotation's PDF inline, and a 404 page for an unknown link", async () => {
    const { path, number } = await signingLink();
    const response = await get(`${path}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`inline; filename="quotation-${number}.pdf"`);
    expect(response.rawPayload.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expectCommonHeaders(response);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    const unknown = await get(`/sign/quotations/${"y".repeat(43)}/pdf`);
    expect(unknown.statusCode).toBe(404);
    expectPageHeaders(unknown);
  });

  it("links the shared stylesheet, which styles the signing page, and no longer serves its own", async () => {
    // The platform's tests cover how /assets/kasboek.css is served; here: it holds what this page uses.
    const response = await get("/assets/kasboek.css");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    for (const selector of ["button.deny", "tfoot", ".number", "dl.details"]) expect(response.body).toContain(selector);
    expect(response.body).not.toMatch(/url\(|@import|https?:/);
    const removed = await get("/sign/assets/signing.css");
    expect(removed.statusCode).toBe(404);
    expectPageHeaders(removed);
  });

  it("leaves the API's bodies JSON-only", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: `/api/v1/companies/${company.companyId}/contacts`,
      headers: { authorization: `Bearer ${company.token}`, "content-type": "application/x-www-form-urlencoded" },
      payload: "contact[company_name]=Formulier BV",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
  });
});
