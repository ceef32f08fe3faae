/**
 * The mixed workload's companies grown from their templates (bench/mixed-seed.ts) by INSERT … SELECT
 * copies of the rows Kasboek wrote for each, through the bench's raw drivers (bench/db.ts), one
 * transaction per company, while Kasboek is stopped.
 * Invariants:
 * - every column but `id` is copied, so columns added later come along;
 * - invoice copy n is numbered "B-n" (clear of Kasboek's numbers) and dated n × 365 / N days before
 *   the template, so a company's invoices cover the year up to the day of the seed evenly; it gets
 *   copies of the template's lines, contact usage, ledger entry (dated, described and linked as
 *   its invoice) and ledger lines; the entries are inserted unsealed and then sealed, so the
 *   database's balance check runs on every one; the ledger's month totals are summed anew from
 *   the company's lines, as the ledger would have kept them;
 * - contact copy n is "<word> n BV" (CONTACT_WORDS by n), number "Bn";
 * - database triggers (row counts, search mirrors) fire on these inserts as on the API's;
 * - afterwards VACUUM ANALYZE and a CHECKPOINT on PostgreSQL (what autovacuum and the checkpointer
 *   would have done by then; a role that may not checkpoint skips it), a WAL checkpoint on SQLite.
 */
import { columnsOf, type Queryable, query, type RawDb, transaction } from "./db.js";
import { CONTACT_WORDS, MIXED_CONTACTS, type MixedTemplate } from "./mixed-seed.js";
import { selectList, series } from "./scale-seed.js";

const quotedList = (columns: string[]) => columns.map((column) => `"${column}"`).join(", ");

/** `alias.column` moved `offset` (an SQL integer expression) days back, as its dialect's date. */
function daysBefore(db: Queryable, column: string, offset: string): string {
  return db.kind === "sqlite" ? `date(${column}, '-' || (${offset}) || ' days')` : `${column} - (${offset})`;
}

const maxIdOf = async (tx: Queryable, table: string, companyId: number): Promise<number> =>
  Number((await query(tx, `select max(id) as id from ${table} where company_id = ?`, [companyId]))[0]?.id ?? 0);

/** Copies of the template's children (lines, usage) for every invoice of the company above `afterId`. */
async function copyChildren(tx: Queryable, template: MixedTemplate, afterId: number): Promise<void> {
  for (const table of ["invoice_lines", "contact_usages"]) {
    const columns = await columnsOf(tx, table);
    const order = table === "invoice_lines" ? "i.id, c.position, c.id" : "i.id";
    await query(
      tx,
      `insert into ${table} (${quotedList(columns)}) select ${selectList(columns, "c", { document_id: "i.id" })} ` +
        `from ${table} as c join sales_invoices as i on i.company_id = c.company_id and i.id > ? ` +
        `where c.company_id = ? and c.document_type = 'sales_invoice' and c.document_id = ? order by ${order}`,
      [afterId, template.companyId, template.invoiceId],
    );
  }
}

/** The template's posting copied for every invoice of the company above `afterId`, sealed; month totals anew. */
async function copyPostings(tx: Queryable, template: MixedTemplate, afterId: number): Promise<void> {
  const { companyId } = template;
  const entries = await query(
    tx,
    "select id from ledger_entries where company_id = ? and source_type = 'sales_invoice' and source_id = ?",
    [companyId, template.invoiceId],
  );
  const entryId = entries[0]?.id;
  if (entries.length !== 1 || entryId === undefined) throw new Error(`invoice ${template.invoiceId} has no posting`);
  const afterEntry = await maxIdOf(tx, "ledger_entries", companyId);
  const entryColumns = await columnsOf(tx, "ledger_entries");
  const entryValues = selectList(entryColumns, "e", {
    date: "i.date",
    source_id: "i.id",
    description: "'Factuur ' || i.invoice_number",
    sealed: "0",
  });
  await query(
    tx,
    `insert into ledger_entries (${quotedList(entryColumns)}) select ${entryValues} from ledger_entries as e ` +
      "join sales_invoices as i on i.company_id = e.company_id and i.id > ? where e.id = ? order by i.id",
    [afterId, entryId],
  );
  const lineColumns = await columnsOf(tx, "ledger_lines");
  const lineValues = selectList(lineColumns, "l", { entry_id: "e.id", date: "e.date" });
  await query(
    tx,
    `insert into ledger_lines (${quotedList(lineColumns)}) select ${lineValues} from ledger_lines as l ` +
      "join ledger_entries as e on e.company_id = l.company_id and e.id > ? where l.entry_id = ? order by e.id, l.id",
    [afterEntry, entryId],
  );
  await query(tx, "update ledger_entries set sealed = 1 where company_id = ? and id > ? and sealed = 0", [
    companyId,
    afterEntry,
  ]);
  // the totals the ledger keeps as it posts, summed here from every line of the company
  await query(tx, "delete from ledger_account_months where company_id = ?", [companyId]);
  await query(
    tx,
    "insert into ledger_account_months (company_id, account_id, month, debit_cents, credit_cents) " +
      "select company_id, account_id, substr(cast(date as text), 1, 7), sum(debit_cents), sum(credit_cents) " +
      "from ledger_lines where company_id = ? group by company_id, account_id, substr(cast(date as text), 1, 7)",
    [companyId],
  );
}

/** Grows one company to `invoices` published invoices with their postings and MIXED_CONTACTS contacts. */
async function growCompany(tx: Queryable, template: MixedTemplate, invoices: number): Promise<void> {
  if (invoices > 1) {
    const afterId = await maxIdOf(tx, "sales_invoices", template.companyId);
    const columns = await columnsOf(tx, "sales_invoices");
    const offset = `s.n * 365 / ${invoices}`;
    const values = selectList(columns, "t", {
      invoice_number: "'B-' || s.n",
      date: daysBefore(tx, "t.date", offset),
      due_date: daysBefore(tx, "t.due_date", offset),
    });
    await query(
      tx,
      `insert into sales_invoices (${quotedList(columns)}) select ${values} ` +
        `from sales_invoices as t cross join ${series(tx)} where t.id = ? order by s.n`,
      [1, invoices - 1, template.invoiceId],
    );
    await copyChildren(tx, template, afterId);
    await copyPostings(tx, template, afterId);
  }
  const contactColumns = await columnsOf(tx, "contacts");
  const word = `case s.n % ${CONTACT_WORDS.length} ${CONTACT_WORDS.map((w, i) => `when ${i} then '${w}'`).join(" ")} end`;
  const contactValues = selectList(contactColumns, "t", {
    company_name: `${word} || ' ' || s.n || ' BV'`,
    contact_person_name: "'Persoon ' || s.n",
    contact_person_email_address: "'klant' || s.n || '@example.org'",
    contact_number: "'B' || s.n",
  });
  await query(
    tx,
    `insert into contacts (${quotedList(contactColumns)}) select ${contactValues} ` +
      `from contacts as t cross join ${series(tx)} where t.id = ? order by s.n`,
    [1, MIXED_CONTACTS - 1, template.contactId],
  );
}

/** Every company grown (one transaction each), then the tables vacuumed and checkpointed. */
export async function growCompanies(db: RawDb, templates: readonly MixedTemplate[], invoices: number): Promise<void> {
  for (const template of templates) await transaction(db, (tx) => growCompany(tx, template, invoices));
  if (db.kind === "postgres") {
    await query(
      db,
      "vacuum analyze sales_invoices, invoice_lines, contact_usages, contacts, ledger_entries, ledger_lines, " +
        "ledger_account_months, row_counts",
    );
    await query(db, "checkpoint").catch((error: unknown) => {
      // CHECKPOINT needs superuser or pg_checkpoint: without it the server checkpoints when it will
      if ((error as { code?: unknown }).code !== "42501") throw error;
    });
  } else {
    db.sqlite.pragma("wal_checkpoint(TRUNCATE)");
  }
}
