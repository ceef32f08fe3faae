/**
 * A quotation's signing token is never stored: the database holds its SHA-256 and a nonce, the
 * link from the API opens the signing page, the API shows the same link again, and a link made
 * before tokens were hashed (migration 0024) keeps working without being shown.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { hashSignToken } from "../quotations/sign-token.js";

let harness: TestApp;
let company: TestCompany;
let contactId: number;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
  company = await newCompany(harness.deps);
  const contact = await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
    contact: { company_name: "Bakkerij Jansen" },
  });
  contactId = json<{ contact: { id: number } }>(contact).contact.id;
});
afterAll(() => harness.close());

const quotationsUrl = () => `/api/v1/companies/${company.companyId}/quotations`;

async function publishedWithLink(): Promise<{ id: number; sign_url: string }> {
  const response = await request(harness.app, "POST", quotationsUrl(), company.token, {
    quotation: {
      contact_id: contactId,
      creates_sign_url_on_publish: true,
      _publish: true,
      invoice_lines: [{ description: "Werk", price_per_unit: "100" }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ quotation: { id: number; sign_url: string } }>(response).quotation;
}

async function storedRow(id: number): Promise<Record<string, unknown>> {
  const { rows } = await sql<Record<string, unknown>>`select * from quotations where id = ${id}`.execute(
    harness.deps.db,
  );
  const [row] = rows;
  if (row === undefined) throw new Error(`quotation ${id} is not stored`);
  return row;
}

it("stores only the hash of the token, and the link from the API works and is shown again", async () => {
  const quotation = await publishedWithLink();
  const token = quotation.sign_url.split("/").at(-1) ?? "";
  expect(token).toMatch(/^[\w-]{43}$/);
  const row = await storedRow(quotation.id);
  expect(Object.values(row).filter((value) => String(value).includes(token))).toEqual([]);
  expect(row.sign_token_hash).toBe(hashSignToken(token));
  expect(row).not.toHaveProperty("sign_token");

  const page = await harness.app.inject({ method: "GET", url: new URL(quotation.sign_url).pathname });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Werk");
  const shown = await request(harness.app, "GET", `${quotationsUrl()}/${quotation.id}`, company.token);
  expect(json<{ quotation: { sign_url: string } }>(shown).quotation.sign_url).toBe(quotation.sign_url);
  const wrong = await harness.app.inject({ method: "GET", url: `/sign/quotations/${"A".repeat(43)}` });
  expect(wrong.statusCode).toBe(404);
});

it("keeps a link made before tokens were hashed working, without showing it", async () => {
  const quotation = await publishedWithLink();
  const oldToken = "an-old-random-token-from-before-migration-24";
  await sql`update quotations set sign_token_hash = ${hashSignToken(oldToken)}, sign_nonce = null
    where id = ${quotation.id}`.execute(harness.deps.db);
  const page = await harness.app.inject({ method: "GET", url: `/sign/quotations/${oldToken}` });
  expect(page.statusCode).toBe(200);
  const shown = await request(harness.app, "GET", `${quotationsUrl()}/${quotation.id}`, company.token);
  expect(json<{ quotation: Record<string, unknown> }>(shown).quotation).not.toHaveProperty("sign_url");
});
