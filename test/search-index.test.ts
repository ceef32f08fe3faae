/**
 * `search[q]` through its indexes (migration 0027, db/search.ts) finds exactly the rows that
 * hold the text in a searched column, as the plain row-by-row search did: short and long texts,
 * `%`, `_` and quotes taken literally, any case, and the index following every create, update and
 * delete at once. And the search asks the index rather than reading the company's whole table.
 */
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../src/db/dialect.js";
import { containsAny } from "../src/db/search.js";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
const url = (suffix = "") => `/api/v1/companies/${company.companyId}/contacts${suffix}`;

const CONTACTS = [
  { company_name: "Bakkerij Jansen", city: "Utrecht" },
  { company_name: "100% Fruit B.V.", contact_person_email_address: "info@fruit_en_co.nl" },
  { company_name: 'Café "De Hoek"', city: "Ámsterdam" },
  { company_name: "Smederij", contact_person_name: "Jan de Smid", phone: "030-1234567" },
];

async function found(text: string): Promise<string[]> {
  const response = await request(
    harness.app,
    "GET",
    url(`?search[q]=${encodeURIComponent(text)}&per_page=100`),
    company.token,
  );
  expect(response.statusCode).toBe(200);
  return json<{ contacts: Array<{ company_name: string }> }>(response)
    .contacts.map((c) => c.company_name)
    .sort();
}

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  for (const contact of CONTACTS) {
    expect((await request(harness.app, "POST", url(), company.token, { contact })).statusCode).toBe(201);
  }
  // another company's contact with the same name is never found
  const other = await newCompany(harness.deps);
  await request(harness.app, "POST", `/api/v1/companies/${other.companyId}/contacts`, other.token, {
    contact: { company_name: "Bakkerij Jansen" },
  });
});
afterAll(() => harness.close());

describe("search[q] through its index", () => {
  it("finds a text in any searched column, in any case, short or long", async () => {
    expect(await found("jansen")).toEqual(["Bakkerij Jansen"]);
    expect(await found("UTRECHT")).toEqual(["Bakkerij Jansen"]);
    expect(await found("de smid")).toEqual(["Smederij"]);
    expect(await found("123")).toEqual(["Smederij"]);
    expect(await found("ij")).toEqual(["Bakkerij Jansen", "Smederij"]);
    expect(await found("q")).toEqual([]);
    expect(await found("amsterdam")).toEqual([]);
    expect(await found("ámsterdam")).toEqual(['Café "De Hoek"']);
  });

  it("takes %, _ and quotes literally", async () => {
    expect(await found("100%")).toEqual(["100% Fruit B.V."]);
    expect(await found("%")).toEqual(["100% Fruit B.V."]);
    expect(await found("fruit_en")).toEqual(["100% Fruit B.V."]);
    expect(await found("r_u")).toEqual([]);
    expect(await found('"de hoek"')).toEqual(['Café "De Hoek"']);
    expect(await found('" OR "')).toEqual([]);
  });

  it("follows a change and a deletion at once", async () => {
    const created = await request(harness.app, "POST", url(), company.token, {
      contact: { company_name: "Oude Naam" },
    });
    const id = json<{ contact: { id: number } }>(created).contact.id;
    expect(await found("oude naam")).toEqual(["Oude Naam"]);
    await request(harness.app, "PATCH", url(`/${id}`), company.token, { contact: { company_name: "Nieuwe Naam" } });
    expect(await found("oude naam")).toEqual([]);
    expect(await found("nieuwe naam")).toEqual(["Nieuwe Naam"]);
    await request(harness.app, "DELETE", url(`/${id}`), company.token);
    expect(await found("nieuwe naam")).toEqual([]);
  });

  it("asks the index, not every row", async () => {
    const query = harness.deps.db
      .withTables<{ contacts: { id: number; company_id: number } }>()
      .selectFrom("contacts")
      .select("id")
      .where(containsAny(harness.deps.db, "contacts", ["company_name", "city"], "jansen"))
      .compile();
    const plan = await harness.deps.db.transaction().execute(async (transaction) => {
      // so few rows would be read whole anyway; the question is whether the index can answer
      if (isPostgres(transaction)) await sql`set local enable_seqscan = off`.execute(transaction);
      const explain = isPostgres(transaction) ? "explain (costs off) " : "explain query plan ";
      const { rows } = await transaction.executeQuery(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
      return JSON.stringify(rows);
    });
    expect(plan).toMatch(isPostgres(harness.deps.db) ? /contacts_company_name_trigram/ : /VIRTUAL TABLE INDEX/);
  });
});
