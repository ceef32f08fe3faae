/**
 * The public signing page driven as a browser would: GET the page (cookie + hidden field), POST
 * the form, follow the redirect — on the run's real database. Every refusal is checked to have
 * changed nothing, through the API. The page speaks Dutch (with Dutch amounts and dates) unless
 * the browser asks for English (with English ones); tests that read English words ask for it.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";

const NOW = new Date("2024-03-02T10:00:00Z");
const ENGLISH = { "accept-language": "en" };
const AFTER_EXPIRY = new Date(NOW.getTime() + 31 * 86_400_000);

let harness: TestApp;
let later: TestApp;
let company: TestCompany;
let contactId: number;

beforeAll(async () => {
  harness = await buildTestApp(() => NOW);
  // Shares the database: the same links, seen 31 days after publication.
  later = await buildTestApp(() => AFTER_EXPIRY);
  company = await newCompany(harness.deps, "Schilderwerk Bakker BV");
  const patched = await request(harness.app, "PATCH", `/api/v1/companies/${company.companyId}`, company.token, {
    company: { address: "Kerkstraat 1", zipcode: "1234 AB", city: "Utrecht", email: "offerte@bakker.test" },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const contact = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: { company_name: "Kaashandel de Vries BV", address: "Marktplein 9", zipcode: "2611 GV", city: "Delft" },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
});
afterAll(async () => {
  await later.close();
  await harness.close();
});

interface OpenedPage {
  response: LightMyRequestResponse;
  /** `kasboek_csrf=…`, as the browser would send it back */
  cookie: string;
  /** the hidden field's value ("" when the page has no form) */
  csrfField: string;
}

async function openSigningPage(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<OpenedPage> {
  const response = await app.inject({ method: "GET", url: path, headers });
  const setCookie = String(response.headers["set-cookie"] ?? "");
  const cookie = /^(kasboek_csrf=[^;]+);/.exec(setCookie)?.[1] ?? "";
  const csrfField = /name="csrf_token" value="([\w-]+)"/.exec(response.body)?.[1] ?? "";
  return { response, cookie, csrfField };
}

async function postForm(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string>,
  cookie: string | undefined,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie === undefined ? {} : { cookie }),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

interface Published {
  id: number;
  path: string;
  number: string;
}

const quotationUrl = (id: number) => `/api/v1/companies/${company.companyId}/quotations/${id}`;

async function publishedQuotation(
  lines: unknown[] = [{ description: "Werk", price_per_unit: "100" }],
): Promise<Published> {
  const response = await request(
    harness.app,
    "POST",
    `/api/v1/companies/${company.companyId}/quotations`,
    company.token,
    { quotation: { contact_id: contactId, creates_sign_url_on_publish: true, _publish: true, invoice_lines: lines } },
  );
  expect(response.statusCode, response.body).toBe(201);
  const quotation = json<{ quotation: { id: number; sign_url: string; invoice_number: string } }>(response).quotation;
  return { id: quotation.id, path: new URL(quotation.sign_url).pathname, number: quotation.invoice_number };
}

async function apiQuotation(id: number): Promise<{ status: string }> {
  const response = await request(harness.app, "GET", quotationUrl(id), company.token);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ quotation: { status: string } }>(response).quotation;
}

/** A correct post of the form, as the page's own browser would send it. */
async function decide(
  quotation: Published,
  decision: string,
  signerName: string,
  headers: Record<string, string> = {},
) {
  const page = await openSigningPage(harness.app, quotation.path, headers);
  return postForm(
    harness.app,
    quotation.path,
    { decision, signer_name: signerName, csrf_token: page.csrfField },
    page.cookie,
    headers,
  );
}

describe("the signing page", () => {
  it("shows the company, the customer, the lines, the totals, the PDF link and the form, in Dutch", async () => {
    const quotation = await publishedQuotation([
      { description: "Werk", price_per_unit: "100" },
      { description: 'Ontwerp <b>logo</b> & "huisstijl"', quantity: "2.5", price_per_unit: "40", vat_type_id: null },
    ]);
    const page = await openSigningPage(harness.app, quotation.path);
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const body = page.response.body;
    expect(body).toMatch(/^<!doctype html>\n<html lang="nl">/);
    expect(page.response.headers["content-language"]).toBe("nl");
    expect(page.response.headers.vary).toBe("Accept-Language");
    expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(body).toContain(`<h1>Offerte ${quotation.number}</h1>`);
    for (const text of [
      "Schilderwerk Bakker BV",
      "Kerkstraat 1",
      "1234 AB Utrecht",
      "Kaashandel de Vries BV",
      "2611 GV Delft",
    ])
      expect(body).toContain(text);
    expect(body).toContain("<dd>02-03-2024</dd>");
    expect(body).toContain("<td>Werk</td>");
    expect(body).toContain("Ontwerp &lt;b&gt;logo&lt;/b&gt; &amp; &quot;huisstijl&quot;");
    expect(body).not.toContain("<b>logo</b>");
    // 100 + 2.5 × 40 = 200.00 excl., 21 % VAT = 42.00, 242.00 incl.
    expect(body).toContain('<td class="number">2,5</td>');
    expect(body).toContain('<td class="number">21%</td>');
    expect(body).toMatch(/Totaal excl\. btw<\/th><td class="number">€ 200,00</);
    expect(body).toMatch(/Btw<\/th><td class="number">€ 42,00</);
    expect(body).toMatch(/Totaal incl\. btw<\/th><td class="number">€ 242,00</);
    expect(body).toContain(`<a href="${quotation.path}/pdf">`);
    expect(body).toContain(`<form method="post" action="${quotation.path}">`);
    expect(body).toContain('<label for="signer_name">Uw naam</label>');
    expect(body).toMatch(/<input type="text" id="signer_name" name="signer_name" required/);
    expect(body).toContain(
      '<button type="submit" name="decision" value="approve" class="approve">Offerte goedkeuren</button>',
    );
    expect(body).toContain('<button type="submit" name="decision" value="deny" class="deny">Offerte afwijzen</button>');
    expect(body).toContain(`<input type="hidden" name="csrf_token" value="${page.csrfField}">`);
    expect(body).toContain('<th scope="col">Omschrijving</th>');
    expect(body).toContain("<dt>Offertenummer</dt>");
    expect(body).toContain('<h2 id="from-heading">Van</h2>');
    expect(body).toContain("Download de offerte als pdf</a>");
  });

  it.each([
    ["en-GB,en;q=0.9", { "accept-language": "en-GB,en;q=0.9" }, "en"],
    ["fr", { "accept-language": "fr" }, "nl"],
  ])("with %s is in %s", async (_name, headers, language) => {
    const quotation = await publishedQuotation([
      { description: "Werk", quantity: "1500.5", price_per_unit: "0.125", vat_type_id: null },
    ]);
    const page = await openSigningPage(harness.app, quotation.path, headers);
    const body = page.response.body;
    expect(body).toMatch(new RegExp(`^<!doctype html>\n<html lang="${language}">`));
    expect(page.response.headers["content-language"]).toBe(language);
    // 1500.5 × 0.125 = 187.5625 → 187.56 excl., 21 % VAT = 39.39, 226.95 incl.
    const expected =
      language === "en"
        ? [
            `<h1>Quotation ${quotation.number}</h1>`,
            "<dd>2 March 2024</dd>",
            '<td class="number">1,500.5</td>',
            '<td class="number">€0.125</td>',
            /Total excl\. VAT<\/th><td class="number">€187\.56</,
            /VAT<\/th><td class="number">€39\.39</,
            /Total incl\. VAT<\/th><td class="number">€226\.95</,
            '<label for="signer_name">Your name</label>',
            '<button type="submit" name="decision" value="approve" class="approve">Approve</button>',
            '<button type="submit" name="decision" value="deny" class="deny">Deny</button>',
            '<th scope="col">Description</th>',
          ]
        : [
            `<h1>Offerte ${quotation.number}</h1>`,
            "<dd>02-03-2024</dd>",
            '<td class="number">1.500,5</td>',
            '<td class="number">€ 0,125</td>',
            /Totaal excl\. btw<\/th><td class="number">€ 187,56</,
            /Totaal incl\. btw<\/th><td class="number">€ 226,95</,
          ];
    for (const text of expected) {
      if (typeof text === "string") expect(body).toContain(text);
      else expect(body).toMatch(text);
    }
  });

  it("approves through the form: 303 to the page, which names who approved and when", async () => {
    const quotation = await publishedQuotation();
    const response = await decide(quotation, "approve", "  Jan Jansen ");
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(quotation.path);
    const after = (await openSigningPage(harness.app, quotation.path)).response.body;
    expect(after).toContain("Goedgekeurd door Jan Jansen op 02-03-2024.");
    expect(after).not.toContain("<form");
    expect((await apiQuotation(quotation.id)).status).toBe("approved");
    const english = (await openSigningPage(harness.app, quotation.path, ENGLISH)).response.body;
    expect(english).toContain("Approved by Jan Jansen on 2 March 2024.");
  });

  it("denies through the form", async () => {
    const quotation = await publishedQuotation();
    const response = await decide(quotation, "deny", "Piet de Boer");
    expect(response.statusCode, response.body).toBe(303);
    expect((await openSigningPage(harness.app, quotation.path)).response.body).toContain(
      "Afgewezen door Piet de Boer op 02-03-2024.",
    );
    expect((await openSigningPage(harness.app, quotation.path, ENGLISH)).response.body).toContain(
      "Denied by Piet de Boer on 2 March 2024.",
    );
    expect((await apiQuotation(quotation.id)).status).toBe("denied");
  });

  it("says a used link is used, and refuses a second decision with 422 changing nothing", async () => {
    const quotation = await publishedQuotation();
    const page = await openSigningPage(harness.app, quotation.path, ENGLISH);
    const first = { decision: "approve", signer_name: "Jan Jansen", csrf_token: page.csrfField };
    expect((await postForm(harness.app, quotation.path, first, page.cookie)).statusCode).toBe(303);

    const again = await postForm(
      harness.app,
      quotation.path,
      { ...first, decision: "deny", signer_name: "Iemand Anders" },
      page.cookie,
      ENGLISH,
    );
    expect(again.statusCode).toBe(422);
    expect(again.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(again.body).toContain('role="alert"');
    expect(again.body).toContain("can no longer be used");
    expect(again.body).toContain("Approved by Jan Jansen on 2 March 2024.");
    expect((await apiQuotation(quotation.id)).status).toBe("approved");
    const reopened = (await openSigningPage(harness.app, quotation.path, ENGLISH)).response.body;
    expect(reopened).toContain("This link has been used");
    expect(reopened).not.toContain("Iemand Anders");
    const dutch = await postForm(harness.app, quotation.path, { ...first, decision: "deny" }, page.cookie);
    expect(dutch.statusCode).toBe(422);
    expect(dutch.body).toContain('role="alert" id="signer_name_error">Deze link kan niet meer worden gebruikt.</p>');
    expect(dutch.body).toContain("Goedgekeurd door Jan Jansen op 02-03-2024.");
    expect(dutch.body).toContain("Deze link is gebruikt");
  });

  it("refuses forged posts with 403 and changes nothing", async () => {
    const quotation = await publishedQuotation();
    const page = await openSigningPage(harness.app, quotation.path);
    const other = await openSigningPage(harness.app, quotation.path);
    expect(other.csrfField).not.toBe(page.csrfField);
    const form = { decision: "approve", signer_name: "Mallory" };
    const forged = [
      postForm(harness.app, quotation.path, { ...form, csrf_token: page.csrfField }, undefined, ENGLISH),
      postForm(harness.app, quotation.path, form, page.cookie, ENGLISH),
      postForm(harness.app, quotation.path, { ...form, csrf_token: "A".repeat(43) }, page.cookie, ENGLISH),
      postForm(harness.app, quotation.path, { ...form, csrf_token: page.csrfField }, other.cookie, ENGLISH),
      postForm(harness.app, quotation.path, { ...form, csrf_token: "" }, "kasboek_csrf=", ENGLISH),
      postForm(harness.app, quotation.path, { ...form, csrf_token: page.csrfField }, page.cookie, {
        "sec-fetch-site": "cross-site",
        ...ENGLISH,
      }),
    ];
    for (const response of await Promise.all(forged)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("Nothing has been changed");
      expect(response.body).not.toContain('"error"');
    }
    const dutch = await postForm(harness.app, quotation.path, form, page.cookie);
    expect(dutch.statusCode).toBe(403);
    expect(dutch.headers["content-language"]).toBe("nl");
    expect(dutch.body).toContain("<h1>Het formulier kon niet worden geaccepteerd</h1>");
    expect(dutch.body).toContain("Er is niets gewijzigd.");
    expect(dutch.body).toContain(`<a href="${quotation.path}">Terug naar de offerte</a>`);
    expect((await apiQuotation(quotation.id)).status).toBe("published");
    // The genuine pair still works afterwards.
    const genuine = await postForm(
      harness.app,
      quotation.path,
      { ...form, signer_name: "Jan Jansen", csrf_token: page.csrfField },
      page.cookie,
      { "sec-fetch-site": "same-origin" },
    );
    expect(genuine.statusCode).toBe(303);
  });

  it("says an expired link has expired and refuses a decision through it", async () => {
    const quotation = await publishedQuotation();
    // A tab opened while the link was valid, submitted after it expired.
    const opened = await openSigningPage(harness.app, quotation.path);
    const page = await openSigningPage(later.app, quotation.path, ENGLISH);
    expect(page.response.statusCode).toBe(200);
    expect(page.response.body).toContain("This link has expired. Please contact Schilderwerk Bakker BV");
    expect(page.response.body).toContain('<a href="mailto:offerte@bakker.test">');
    expect(page.response.body).not.toContain("<form");
    const response = await postForm(
      later.app,
      quotation.path,
      { decision: "approve", signer_name: "Jan Jansen", csrf_token: opened.csrfField },
      opened.cookie,
      ENGLISH,
    );
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain("can no longer be used");
    const dutch = (await openSigningPage(later.app, quotation.path)).response.body;
    expect(dutch).toContain("Deze link is verlopen. Neem contact op met Schilderwerk Bakker BV");
    expect(dutch).toContain("als u deze offerte toch wilt aannemen.");
    expect((await apiQuotation(quotation.id)).status).toBe("published");
  });

  it("says a quotation the company moved on can no longer be signed", async () => {
    const quotation = await publishedQuotation();
    const invoiced = await request(harness.app, "PATCH", quotationUrl(quotation.id), company.token, {
      quotation: { _invoice: true },
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const body = (await openSigningPage(harness.app, quotation.path, ENGLISH)).response.body;
    expect(body).toContain("This quotation can no longer be signed (status: invoiced).");
    expect(body).not.toContain("<form");
    const dutch = (await openSigningPage(harness.app, quotation.path)).response.body;
    expect(dutch).toContain("Deze offerte kan niet meer worden ondertekend (status: gefactureerd).");
  });

  it("shows the page again with the message, keeping what was typed, when the name is blank or too long", async () => {
    const quotation = await publishedQuotation();
    const page = await openSigningPage(harness.app, quotation.path);
    const blank = await postForm(
      harness.app,
      quotation.path,
      { decision: "approve", signer_name: "   ", csrf_token: page.csrfField },
      page.cookie,
      ENGLISH,
    );
    expect(blank.statusCode).toBe(422);
    expect(blank.body).toContain("Type your name (at most 200 characters)");
    expect(blank.body).toContain('aria-invalid="true" aria-describedby="signer_name_error"');
    expect(blank.body).toContain(`value="${page.csrfField}"`);

    const long = `O'Brien & <Zoon> ${"x".repeat(200)}`;
    const tooLong = await postForm(
      harness.app,
      quotation.path,
      { decision: "deny", signer_name: long, csrf_token: page.csrfField },
      page.cookie,
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.body).toContain(`value="O&#39;Brien &amp; &lt;Zoon&gt; ${"x".repeat(200)}"`);
    expect(tooLong.body).toContain('role="alert" id="signer_name_error">Vul uw naam in (hoogstens 200 tekens).</p>');

    const noDecision = await postForm(
      harness.app,
      quotation.path,
      { decision: "maybe", signer_name: "Jan", csrf_token: page.csrfField },
      page.cookie,
      ENGLISH,
    );
    expect(noDecision.statusCode).toBe(422);
    expect(noDecision.body).toContain("Choose Approve or Deny.");
    const dutch = await postForm(
      harness.app,
      quotation.path,
      { signer_name: "Jan", csrf_token: page.csrfField },
      page.cookie,
    );
    expect(dutch.body).toContain("Kies Offerte goedkeuren of Offerte afwijzen.");
    expect((await apiQuotation(quotation.id)).status).toBe("published");
  });
});
