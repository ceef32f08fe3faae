/**
 * `search[q]` on the expense list (a Kasboek extension), by the sales invoices' rules: text in the
 * number, a line's description or the contact's name, in any case, short or long, with `%`, `_`
 * and quotes taken literally; never another company's expenses or another contact field; an
 * expense found by two of its lines listed once; combined with `selection`, the other filters and
 * paging; the index following every write; and the query served by indexes (migration 0035 and
 * 0027's contact indexes) rather than by reading the company's rows.
 */
import { CompiledQuery, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { json, newCompany, request, type TestCompany } from "../../../test/support/app.js";
import { type Expense, useExpenseTests } from "../../../test/support/expenses.js";
import { isPostgres } from "../../db/dialect.js";

const tests = useExpenseTests();
let own: TestCompany;
const names = new Map<number, string>();

async function make(name: string, fields: Record<string, unknown>, company = own): Promise<Expense> {
  const expense = await tests.create({ date: "2024-02-10", ...fields }, company);
  if (company === own) names.set(expense.id, name);
  return expense;
}

async function found(query: string): Promise<{ names: string[]; total: number }> {
  const response = await request(tests.harness.app, "GET", tests.url(own, `?${query}`), own.token);
  expect(response.statusCode, response.body).toBe(200);
  const { expenses } = json<{ expenses: Expense[] }>(response);
  return { names: expenses.map((expense) => names.get(expense.id) ?? "?"), total: Number(response.headers["x-total"]) };
}

/** The expenses `text` finds (all of them: the list's total must agree), by name, sorted. */
async function search(text: string, rest = ""): Promise<string[]> {
  const { names: listed, total } = await found(`per_page=100&search[q]=${encodeURIComponent(text)}${rest}`);
  expect(total).toBe(listed.length);
  return listed.sort();
}

const line = (description: string, price = "10") => ({ description, price_per_unit: price });

/** Rolls back the transaction `explained` reads its plans in. */
class Plans extends Error {
  constructor(readonly plans: string[]) {
    super("plans read");
  }
}

/**
 * The plans of `queries`. On PostgreSQL without sequential scans, and without the lines' own index
 * by document (dropped in a transaction that is rolled back): on the tests' few lines the planner
 * prefers that one, which a company's many lines would not, and the question is whether the
 * search's index can serve the search at all.
 */
async function explained(queries: readonly CompiledQuery[]): Promise<string[]> {
  try {
    await tests.harness.deps.db.transaction().execute(async (transaction) => {
      const postgres = isPostgres(transaction);
      if (postgres) {
        await sql`set local enable_seqscan = off`.execute(transaction);
        await sql`drop index invoice_lines_document_index`.execute(transaction);
      }
      const answers = [];
      for (const query of queries) {
        const explain = postgres ? "explain (costs off)" : "explain query plan";
        answers.push(await transaction.executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`)));
      }
      throw new Plans(answers.map((answer) => JSON.stringify(answer.rows)));
    });
  } catch (error) {
    if (error instanceof Plans) return error.plans;
    throw error;
  }
  throw new Error("the plans' transaction ended without them");
}

beforeAll(async () => {
  own = await newCompany(tests.harness.deps);
  const published = { state: "published" };
  // numbered 2024020001 (its date's month) at publication
  await make("bakery", {
    ...published,
    contact: { company_name: "Bakkerij Jansen", city: "Utrecht" },
    invoice_lines: [line("Brood"), line("Koffie en brood")],
  });
  await make("books", {
    contact: { contact_person_name: "Marieke de Boer", is_individual: true },
    invoice_lines: [line("Boeken")],
  });
  await make("juice", { contact: { company_name: "Fruit & Co" }, invoice_lines: [line("100% fruit_sap")] });
  await make("menu", { contact: { company_name: "Café Noord" }, invoice_lines: [line('Menu "zomer"')] });
  await make("receipt", { ...published, date: "2024-03-01", invoice_lines: [line("Parkeren")] });
  const other = await newCompany(tests.harness.deps);
  await make(
    "elsewhere",
    { ...published, contact: { company_name: "Bakkerij Jansen" }, invoice_lines: [line("Brood elders")] },
    other,
  );
});

describe("search[q] on expenses", () => {
  it("finds the text in the number, a line's description or the contact's name, in any case", async () => {
    expect(await search("2024020001")).toEqual(["bakery"]);
    expect(await search("0300")).toEqual(["receipt"]);
    expect(await search("BROOD")).toEqual(["bakery"]);
    expect(await search("koffie")).toEqual(["bakery"]);
    expect(await search("jansen")).toEqual(["bakery"]);
    expect(await search("marieke")).toEqual(["books"]);
    expect(await search("café noord")).toEqual(["menu"]);
    expect(await search("oe")).toEqual(["books"]);
    expect(await search("ak")).toEqual(["bakery"]);
    expect(await search("x")).toEqual([]);
    expect(await search("niets dergelijks")).toEqual([]);
  });

  it("looks only at the contact's name, not its other fields, and never at another company's expenses", async () => {
    expect(await search("utrecht")).toEqual([]);
    expect(await search("elders")).toEqual([]);
  });

  it("takes %, _ and quotes literally", async () => {
    expect(await search("100%")).toEqual(["juice"]);
    expect(await search("fruit_sap")).toEqual(["juice"]);
    expect(await search("r_u")).toEqual([]);
    expect(await search("%")).toEqual(["juice"]);
    expect(await search("_")).toEqual(["juice"]);
    expect(await search('"zomer"')).toEqual(["menu"]);
    expect(await search('" OR "')).toEqual([]);
  });

  it("combines with selection, the dates and paging", async () => {
    expect(await search("r", "&selection=unpaid")).toEqual(["bakery", "receipt"]);
    expect(await search("r", "&search[till]=2024-02-29")).toEqual(["bakery", "books", "juice", "menu"]);
    expect(await search("r", "&search[from]=2024-03-01")).toEqual(["receipt"]);
    // newest first (date, then id), a page at a time, the total counting the whole search
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await found(`per_page=2&page=${page}&search[q]=r`));
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(pages.map((page) => page.names)).toEqual([["receipt", "menu"], ["juice", "books"], ["bakery"]]);
  });

  it("follows a change and a deletion at once, and leaves the list without it as it was", async () => {
    const created = await make("temporary", { invoice_lines: [line("Oude omschrijving")] });
    expect(await search("oude omschrijving")).toEqual(["temporary"]);
    const [first] = created.invoice_lines;
    const changed = await tests.patch(
      created.id,
      { invoice_lines: [{ id: first?.id, description: "Nieuwe omschrijving" }, line("Tweede regel")] },
      own,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await search("oude omschrijving")).toEqual([]);
    expect(await search("nieuwe omschrijving")).toEqual(["temporary"]);
    expect(await search("tweede regel")).toEqual(["temporary"]);
    await request(tests.harness.app, "DELETE", tests.url(own, `/${created.id}`), own.token);
    expect(await search("omschrijving")).toEqual([]);
    expect(await search("tweede regel")).toEqual([]);
    expect((await found("per_page=100")).names.sort()).toEqual(["bakery", "books", "juice", "menu", "receipt"]);
  });

  it("is documented in the OpenAPI document", async () => {
    const response = await request(tests.harness.app, "GET", "/api/v1/openapi.json", null);
    type Parameter = { name: string; in: string; description?: string };
    const document = json<{ paths: Record<string, { get?: { parameters?: Parameter[] } }> }>(response);
    const list = document.paths["/api/v1/companies/{company_id}/expenses"]?.get;
    const q = list?.parameters?.find((parameter) => parameter.name === "search[q]");
    expect(q).toMatchObject({ in: "query" });
    expect(q?.description).toMatch(/number, a line's description or the contact's name/);
  });

  it("asks the indexes, not every row", async () => {
    const db = tests.harness.deps.db;
    const like = (table: string, column: string, narrowing = sql`1 = 1`) =>
      db
        .withTables<Record<string, { id: number }>>()
        .selectFrom(table)
        .select("id")
        .where(sql<boolean>`lower(${sql.ref(column)}) like '%brood%' and ${narrowing}`)
        .compile();
    const queries = [
      like("expenses", "invoice_number"),
      like("invoice_lines", "description", sql`document_type = 'expense'`),
    ];
    const mirrors = ["expenses_search", "expense_lines_search"].map((mirror) =>
      db
        .withTables<Record<string, { rowid: number }>>()
        .selectFrom(mirror)
        .select("rowid")
        .where(sql<boolean>`${sql.table(mirror)} match '"brood"'`)
        .compile(),
    );
    const plans = await explained(isPostgres(db) ? queries : mirrors);
    if (isPostgres(db)) {
      expect(plans[0]).toMatch(/expenses_invoice_number_trigram/);
      expect(plans[1]).toMatch(/invoice_lines_expense_description_trigram/);
    } else for (const plan of plans) expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
  });
});
