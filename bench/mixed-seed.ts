/**
 * The data of the mixed workload (bench/mixed.ts): `companies` companies, each owned by its own
 * user with its own token of every scope, each holding MIXED_CONTACTS contacts and `invoices`
 * published 3-line invoices whose postings are in its books.
 * Invariants:
 * - Users, companies and tokens are made in process through Kasboek's own services (what `kasboek
 *   bootstrap` calls; 200 CLI starts would take minutes); each company's first contact and first
 *   published invoice through Kasboek's HTTP API, so every row a publication writes is Kasboek's.
 * - Everything else is copied from those rows (bench/mixed-grow.ts); a contact's name holds one of
 *   CONTACT_WORDS, so `search[q]=<word>` finds about one contact in ten.
 * - `checkMixed` asks the API, per company, for the exact X-Total of invoices and of contacts and
 *   for the debtors' debit in the trial balance: any difference is a problem that flags the rows.
 */
import { openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { createCompanyForOperator } from "../src/modules/companies/service.js";
import { issuePersonalToken } from "../src/modules/tokens/service.js";
import { findOrCreateUser } from "../src/modules/users/service.js";
import { ALL_SCOPES } from "../src/platform/scopes.js";
import { INVOICE_GROSS_CENTS } from "./books-seed.js";
import { query, type RawDb } from "./db.js";
import { COMPLETE_COMPANY_DETAILS } from "./scenarios.js";
import { invoiceTemplate, publishInvoice } from "./seed.js";

export const MIXED_CONTACTS = 50;
/** The words of the copied contacts' names, and what `search[q]` looks for. */
export const CONTACT_WORDS = [
  "Bakkerij",
  "Kapsalon",
  "Garage",
  "Drukkerij",
  "Bloemist",
  "Slagerij",
  "Fietsenmaker",
  "Boekhandel",
  "Schilder",
  "Loodgieter",
] as const;

export interface MixedCompany {
  companyId: number;
  token: string;
  /** the contact of its template invoice, and of every concept the workload makes */
  contactId: number;
  /** a concept 3-line invoice for `contactId` (the template's body without `_publish`) */
  conceptBody: string;
  /** its seeded published invoices */
  invoiceIds: number[];
  /** its seeded contacts */
  contactIds: number[];
}

export interface MixedTemplate {
  companyId: number;
  token: string;
  contactId: number;
  invoiceId: number;
  conceptBody: string;
}

/** `work` on every item, at most `limit` at a time. */
export async function eachLimited<Item>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Migrates the database and makes `count` users, each owning one company and holding one token. */
export async function createCompanies(
  databaseUrl: string,
  count: number,
): Promise<Array<{ companyId: number; token: string }>> {
  const handle = openDatabase(databaseUrl);
  try {
    await migrateToLatest(handle.db);
    const deps = { db: handle.db, now: () => new Date() };
    const made: Array<{ companyId: number; token: string }> = [];
    for (let index = 1; index <= count; index++) {
      const email = `mixed-${index}@example.com`;
      const user = await handle.db.transaction().execute((tx) => findOrCreateUser(deps, tx, email));
      const name = `Bedrijf ${index} BV`;
      const companyId = await createCompanyForOperator(deps, user.id, { name, ...COMPLETE_COMPANY_DETAILS });
      const { token } = await issuePersonalToken(deps, handle.db, user.id, ALL_SCOPES, "bench");
      made.push({ companyId, token });
    }
    return made;
  } finally {
    await handle.close();
  }
}

/** Through the API of the Kasboek at `baseUrl`: each company's contact and first published invoice. */
export async function makeTemplates(
  baseUrl: string,
  companies: ReadonlyArray<{ companyId: number; token: string }>,
): Promise<MixedTemplate[]> {
  const templates: MixedTemplate[] = [];
  await eachLimited(companies, 8, async ({ companyId, token }) => {
    const { contactId, body } = await invoiceTemplate(baseUrl, companyId, token);
    const invoiceId = await publishInvoice(baseUrl, companyId, token, body);
    const concept = JSON.parse(body) as { sales_invoice: Record<string, unknown> };
    delete concept.sales_invoice._publish;
    templates.push({ companyId, token, contactId, invoiceId, conceptBody: JSON.stringify(concept) });
  });
  return templates.sort((a, b) => a.companyId - b.companyId);
}

/** The seeded ids per company, and the day the seed ends on (the templates' date). */
export async function loadCompanies(
  db: RawDb,
  templates: readonly MixedTemplate[],
): Promise<{ companies: MixedCompany[]; today: string }> {
  const byCompany = new Map(
    templates.map((t) => [t.companyId, { ...t, invoiceIds: [] as number[], contactIds: [] as number[] }]),
  );
  for (const row of await query(db, "select company_id, id from sales_invoices order by company_id, id")) {
    byCompany.get(Number(row.company_id))?.invoiceIds.push(Number(row.id));
  }
  for (const row of await query(db, "select company_id, id from contacts order by company_id, id")) {
    byCompany.get(Number(row.company_id))?.contactIds.push(Number(row.id));
  }
  const first = templates[0];
  if (first === undefined) throw new Error("no companies were seeded");
  const dated = await query(db, "select cast(date as text) as date from sales_invoices where id = ?", [
    first.invoiceId,
  ]);
  const today = String(dated[0]?.date ?? "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`the template invoice's date is "${today}"`);
  const companies = [...byCompany.values()].map(({ invoiceId: _template, ...company }) => company);
  return { companies, today };
}

/** What the API shows that differs from the seed (empty: as seeded). */
export async function checkMixed(
  baseUrl: string,
  companies: readonly MixedCompany[],
  invoices: number,
  today: string,
): Promise<string[]> {
  const problems: string[] = [];
  await eachLimited(companies, 8, async ({ companyId, token }) => {
    const get = async (path: string) => {
      const response = await fetch(`${baseUrl}/api/v1/companies/${companyId}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, total: response.headers.get("x-total"), body: await response.text() };
    };
    for (const [path, expected] of [
      ["/sales_invoices?per_page=1", invoices],
      ["/contacts?per_page=1", MIXED_CONTACTS],
    ] as const) {
      const { status, total } = await get(path);
      if (status !== 200 || total !== String(expected)) {
        problems.push(`company ${companyId} ${path}: ${status}, X-Total ${total} ≠ ${expected}`);
      }
    }
    const trial = await get(`/reports/trial_balance?date=${today}`);
    const accounts =
      trial.status === 200
        ? (JSON.parse(trial.body) as { trial_balance?: { accounts?: Array<{ path: string; debit: string }> } })
            .trial_balance?.accounts
        : undefined;
    const debtors = accounts?.find((account) => account.path === "activa.current_assets.debtors");
    const expected = invoices * INVOICE_GROSS_CENTS;
    if (Math.round(Number(debtors?.debit) * 100) !== expected) {
      problems.push(
        `company ${companyId} trial balance: ${trial.status}, debtors debit ${debtors?.debit} ≠ ${expected} cents`,
      );
    }
  });
  return problems;
}
