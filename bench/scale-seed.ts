/**
 * The data of the scaling rows: a company grown to N sales invoices and N contacts, quickly, by
 * copying rows Kasboek itself wrote (one published 3-line invoice and its contact, made through the
 * API by bench/scaling.ts) with INSERT … SELECT, CHUNK copies per transaction (bench/db.ts, raw drivers).
 * Invariants:
 * - Every column but `id` is copied, so columns added later come along; only these differ per copy
 *   n: the invoice's `invoice_number` ("B-n", clear of Kasboek's numbers), its `date` and
 *   `due_date` (n % 730 days earlier: two years of invoices), and the contact's `company_name`
 *   ("Klant n BV"), `contact_person_name`, `contact_person_email_address` and `contact_number`
 *   ("B n"); none of these contains NEEDLE, so `search[q]=NEEDLE` matches the one needle contact
 *   at every size.
 * - Each copied invoice gets copies of the template's lines and contact usage; no ledger postings
 *   (the list, search and show endpoints do not read the books; bench/books.ts seeds those).
 * - Growing is monotone: `growTo(size)` adds only what is missing, so sizes are seeded in order.
 * - Afterwards PostgreSQL gets VACUUM ANALYZE of the grown tables (what autovacuum would have done
 *   by then) and a CHECKPOINT, and SQLite a WAL checkpoint: the seed's burst of WAL would otherwise
 *   start a checkpoint that writes its pages out during the measurement after it (a role without
 *   the right to CHECKPOINT skips it). The server must be stopped while this runs.
 * Database triggers (e.g. for a search index) fire on these inserts as on the API's; state that
 * Kasboek would keep in application code is not written, which bench/scaling.ts detects through the
 * exact X-Total it checks at every size.
 */
import { columnsOf, type Queryable, query, type RawDb, transaction } from "./db.js";

/**
 * Copies per transaction: a row-level trigger that updates one row per insert (e.g. a per-company
 * count) leaves a version of that row per copy, which PostgreSQL cannot prune before the
 * transaction ends, so one transaction of 90k copies is quadratic (minutes); chunks keep it linear.
 */
const CHUNK = 2_000;

export const NEEDLE = "zeldzaam";
export const NEEDLE_CONTACT_BODY = JSON.stringify({
  contact: {
    company_name: "Kaasmakerij Zeldzaam BV",
    contact_person_name: "Zoë Zeldzaam",
    address: "Kaasmarkt 1",
    zipcode: "1811 AB",
    city: "Alkmaar",
    country_code: "NL",
    contact_person_email_address: "zoe@zeldzaam.example",
  },
});

export interface ScaleTemplate {
  companyId: number;
  invoiceId: number;
  contactId: number;
}

/** A FROM item `s(n)` of the integers from the first to the second parameter. */
export function series(db: Queryable): string {
  return db.kind === "sqlite"
    ? "(with recursive seq(n) as (select ? union all select n + 1 from seq where n < ?) select n from seq) as s"
    : "generate_series(?::int, ?::int) as s(n)";
}

/** `column` of template row `t` moved `s.n % 730` days back, as its dialect's date type. */
function daysBack(db: Queryable, column: string): string {
  return db.kind === "sqlite" ? `date(t.${column}, '-' || (s.n % 730) || ' days')` : `t.${column} - (s.n % 730)`;
}

/** `columns` read from `alias`, each replaced by its SQL expression in `overrides` if it has one. */
export function selectList(columns: string[], alias: string, overrides: Record<string, string>): string {
  return columns.map((column) => overrides[column] ?? `${alias}."${column}"`).join(", ");
}

const countOf = async (db: Queryable, table: string, companyId: number): Promise<{ count: number; maxId: number }> => {
  const rows = await query(db, `select count(*) as n, max(id) as max_id from ${table} where company_id = ?`, [
    companyId,
  ]);
  return { count: Number(rows[0]?.n ?? 0), maxId: Number(rows[0]?.max_id ?? 0) };
};

/** Copies invoices up to `size` in all, at most CHUNK of them; how many it copied. */
async function copyInvoices(tx: Queryable, template: ScaleTemplate, size: number): Promise<number> {
  const { count, maxId } = await countOf(tx, "sales_invoices", template.companyId);
  if (count >= size) return 0;
  const last = Math.min(size, count + CHUNK);
  const columns = await columnsOf(tx, "sales_invoices");
  const values = selectList(columns, "t", {
    invoice_number: "'B-' || s.n",
    date: daysBack(tx, "date"),
    due_date: daysBack(tx, "due_date"),
  });
  await query(
    tx,
    `insert into sales_invoices (${columns.map((c) => `"${c}"`).join(", ")}) select ${values} ` +
      `from sales_invoices as t cross join ${series(tx)} where t.id = ? order by s.n`,
    [count + 1, last, template.invoiceId],
  );
  // every copy (id above maxId) gets the template's lines and contact usage
  for (const table of ["invoice_lines", "contact_usages"]) {
    const childColumns = await columnsOf(tx, table);
    const childValues = selectList(childColumns, "c", { document_id: "i.id" });
    const order = table === "invoice_lines" ? "i.id, c.position, c.id" : "i.id";
    await query(
      tx,
      `insert into ${table} (${childColumns.map((c) => `"${c}"`).join(", ")}) select ${childValues} ` +
        `from ${table} as c join sales_invoices as i on i.company_id = c.company_id and i.id > ? ` +
        `where c.company_id = ? and c.document_type = 'sales_invoice' and c.document_id = ? order by ${order}`,
      [maxId, template.companyId, template.invoiceId],
    );
  }
  return last - count;
}

/** Copies contacts up to `size` in all, at most CHUNK of them; how many it copied. */
async function copyContacts(tx: Queryable, template: ScaleTemplate, size: number): Promise<number> {
  const { count } = await countOf(tx, "contacts", template.companyId);
  if (count >= size) return 0;
  const last = Math.min(size, count + CHUNK);
  const columns = await columnsOf(tx, "contacts");
  const values = selectList(columns, "t", {
    company_name: "'Klant ' || s.n || ' BV'",
    contact_person_name: "'Persoon ' || s.n",
    contact_person_email_address: "'klant' || s.n || '@example.org'",
    contact_number: "'B' || s.n",
  });
  await query(
    tx,
    `insert into contacts (${columns.map((c) => `"${c}"`).join(", ")}) select ${values} ` +
      `from contacts as t cross join ${series(tx)} where t.id = ? order by s.n`,
    [count + 1, last, template.contactId],
  );
  return last - count;
}

/** Grows the template's company to `size` invoices and `size` contacts; what it added and how long it took. */
export async function growTo(
  db: RawDb,
  template: ScaleTemplate,
  size: number,
): Promise<{ invoices: number; contacts: number; seconds: number }> {
  const started = performance.now();
  const added = { invoices: 0, contacts: 0 };
  for (;;) {
    const step = await transaction(db, async (tx) => ({
      invoices: await copyInvoices(tx, template, size),
      contacts: await copyContacts(tx, template, size),
    }));
    if (step.invoices + step.contacts === 0) break;
    added.invoices += step.invoices;
    added.contacts += step.contacts;
  }
  if (db.kind === "postgres") {
    await query(db, "vacuum analyze sales_invoices, invoice_lines, contact_usages, contacts");
    await query(db, "checkpoint").catch((error: unknown) => {
      // CHECKPOINT needs superuser or pg_checkpoint: without it the server checkpoints when it will
      if ((error as { code?: unknown }).code !== "42501") throw error;
    });
  } else {
    db.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  }
  return { ...added, seconds: (performance.now() - started) / 1000 };
}

/** The id of the company's invoice in the middle of the id order (for GET one at this size). */
export async function middleInvoiceId(db: RawDb, companyId: number, size: number): Promise<number> {
  const rows = await query(db, "select id from sales_invoices where company_id = ? order by id limit 1 offset ?", [
    companyId,
    Math.floor(size / 2),
  ]);
  const id = Number(rows[0]?.id);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`no invoice at position ${Math.floor(size / 2)}`);
  return id;
}
