/**
 * The read baseline of the mixed workload (bench/mixed.ts): a bare Fastify server (same fastify as
 * Kasboek, no authentication, no schemas) serving the five reads of bench/mixed-workload.ts through
 * the raw driver (bench/db.ts: the server's pragmas and pool size), running for each the very
 * statements Kasboek runs for it — their SQL text as Kasboek's query builder writes it on that
 * database, in the same order, awaited as Kasboek awaits them (a list's page and its count at once,
 * as db/paging.ts `selectPage` runs them) — and answering a padded JSON body of the byte size set
 * per operation through `PUT /__bench/sizes` (Kasboek's mean for that read): what is left is the
 * database work of the same requests, without authentication, presentation or serialization.
 * Invariants: statements are prepared once (SQLite) or named prepared statements (PostgreSQL),
 * bench/raw-reads.ts `runner`; an invoice or contact that is not the company's is a 404, as on
 * Kasboek; the first page reads from the far end when the company has fewer invoices than a page,
 * as db/paging.ts `selectPageFromNearerEnd` does; a text of three characters or more is searched
 * through SQLite's FTS mirror, and on PostgreSQL with `like` over the contact search columns
 * (db/search.ts). Run with `node --import tsx bench/mixed-raw.ts`; env PORT and DATABASE_URL.
 *
 * With RAW_BODIES=rows it answers instead the rows it read, as JSON: each invoice with its lines
 * nested and its frozen contact parsed, the columns no answer shows (the company, the document
 * keys) left out, so its bodies are about Kasboek's size. That is the least any JSON API over these
 * statements must do — no authentication, validation or presentation (amounts stay cents) — so
 * it shows how much of the padded baseline a server that answers in JSON can keep at all.
 */

import { CONTACT_SEARCH_FIELDS } from "../src/modules/contacts/schemas.js";
import { openRaw, type Value } from "./db.js";
import { rawApp } from "./raw-app.js";
import { runner } from "./raw-reads.js";

const DOCUMENT_TYPE = "sales_invoice";
const PER_PAGE = 40;

// the payments module's paid sum (src/modules/payments/store.ts), newlines and all
const PAID = `(select cast(coalesce(sum(linked.amount_cents), 0) as bigint) from payments as linked
    where linked.company_id = "sales_invoices"."company_id"
      and linked.document_type = ?
      and linked.document_id = "sales_invoices"."id") as "paid_cents"`;
const places = (count: number) => Array.from({ length: count }, () => "?").join(", ");

const SQL = {
  show: `select "sales_invoices".*, ${PAID} from "sales_invoices" where "company_id" = ? and "id" = ?`,
  counted: `select "total" from "row_counts" where "company_id" = ? and "table_name" = ?`,
  ids: (direction: "asc" | "desc") =>
    `select "sales_invoices"."id" from "sales_invoices" where "sales_invoices"."company_id" = ? ` +
    `order by "sales_invoices"."date" ${direction}, "sales_invoices"."id" ${direction} limit ? offset ?`,
  monthIds:
    `select "sales_invoices"."id" from "sales_invoices" where "sales_invoices"."company_id" = ? and "date" >= ? ` +
    `and "date" <= ? order by "sales_invoices"."date" desc, "sales_invoices"."id" desc limit ? offset ?`,
  monthCount: `select count(*) as "total" from "sales_invoices" where "sales_invoices"."company_id" = ? and "date" >= ? and "date" <= ?`,
  rows: (count: number) =>
    `select "sales_invoices".*, ${PAID} from "sales_invoices" where +"sales_invoices"."company_id" = ? ` +
    `and "sales_invoices"."id" in (${places(count)}) order by "date" desc, "id" desc`,
  lines: (count: number) =>
    `select * from "invoice_lines" where "company_id" = ? and "document_type" = ? and "document_id" in (${places(count)}) ` +
    `order by "document_id", "position", "id"`,
  attachments: (count: number) =>
    `select "id", "company_id", "document_type", "document_id", "file_name", "content_type", "file_size_bytes", "created_at" ` +
    `from "attachments" where "company_id" = ? and "document_type" = ? and "document_id" in (${places(count)}) ` +
    `order by "document_id" asc, "id" asc`,
  /** SQLite: the FTS5 trigram mirror finds the rows, the company is checked on them */
  mirrorFilter: `from "contacts" where +"contacts"."company_id" = ? and "contacts"."id" in (select rowid from "contacts_search" where "contacts_search" match ?)`,
  /** PostgreSQL: `like` on every search column, served by the trigram indexes */
  likeFilter: `from "contacts" where "contacts"."company_id" = ? and (${CONTACT_SEARCH_FIELDS.map(
    (column) => `lower("${column}") like ? escape '\\'`,
  ).join(" or ")})`,
  contact: `select * from "contacts" where "company_id" = ? and "id" = ?`,
};

const port = Number.parseInt(process.env.PORT ?? "", 10);
const databaseUrl = process.env.DATABASE_URL ?? "";
if (!(port > 0) || databaseUrl === "") {
  process.stderr.write("mixed-raw: PORT and DATABASE_URL must be set\n");
  process.exit(1);
}
const db = openRaw(databaseUrl);
const run = runner(db);
const answersRows = process.env.RAW_BODIES === "rows";

type Row = Record<string, Value>;

/** A page of invoices by id (as listed), with their lines and attachments, as Kasboek reads it. */
async function invoicesByIds(companyId: number, ids: number[]): Promise<{ invoices: Row[]; lines: Row[] }> {
  if (ids.length === 0) return { invoices: [], lines: [] };
  const invoices = await run(SQL.rows(ids.length), [DOCUMENT_TYPE, companyId, ...ids]);
  const lines = await run(SQL.lines(ids.length), [companyId, DOCUMENT_TYPE, ...ids]);
  await run(SQL.attachments(ids.length), [companyId, DOCUMENT_TYPE, ...ids]);
  return { invoices, lines };
}

const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id));

/** `row` without the columns no answer shows (RAW_BODIES=rows). */
function shown(row: Row, hidden: readonly string[]): Row {
  const kept: Row = {};
  for (const [column, value] of Object.entries(row)) if (!hidden.includes(column)) kept[column] = value;
  return kept;
}

const INVOICE_HIDDEN = ["company_id", "created_at", "cached_contact", "paid_cents"];
const LINE_HIDDEN = ["company_id", "document_type", "document_id"];

/** The invoices with their lines nested and their frozen contacts parsed (RAW_BODIES=rows). */
function nested({ invoices, lines }: { invoices: Row[]; lines: Row[] }): unknown[] {
  const linesByInvoice = new Map<number, Row[]>();
  for (const line of lines) {
    const invoiceId = Number(line.document_id);
    linesByInvoice.set(invoiceId, [...(linesByInvoice.get(invoiceId) ?? []), shown(line, LINE_HIDDEN)]);
  }
  return invoices.map((invoice) => ({
    ...shown(invoice, INVOICE_HIDDEN),
    paid_cents: String(invoice.paid_cents),
    cached_contact: typeof invoice.cached_contact === "string" ? JSON.parse(invoice.cached_contact) : null,
    invoice_lines: linesByInvoice.get(Number(invoice.id)) ?? [],
  }));
}

const { app, bodyOf } = rawApp("mixed-raw");

/** The answer to the read `key`: padded to Kasboek's size, or with RAW_BODIES=rows what `rows` gives, as JSON. */
const answer = (key: string, rows: () => unknown): string => (answersRows ? JSON.stringify(rows()) : bodyOf(key));

type Params = { company_id: string; id: string };
type Query = Record<string, string | undefined>;
const json = "application/json; charset=utf-8";

app.get<{ Params: Params }>("/api/v1/companies/:company_id/sales_invoices/:id", async (request, reply) => {
  const companyId = Number(request.params.company_id);
  const id = Number(request.params.id);
  const [invoice] = await run(SQL.show, [DOCUMENT_TYPE, companyId, id]);
  if (invoice === undefined) return reply.code(404).send();
  const lines = await run(SQL.lines(1), [companyId, DOCUMENT_TYPE, id]);
  await run(SQL.attachments(1), [companyId, DOCUMENT_TYPE, id]);
  return reply.type(json).send(answer("invoice", () => ({ sales_invoice: nested({ invoices: [invoice], lines })[0] })));
});

app.get<{ Params: Params; Querystring: Query }>(
  "/api/v1/companies/:company_id/sales_invoices",
  async (request, reply) => {
    const companyId = Number(request.params.company_id);
    const from = request.query["search[from]"];
    const till = request.query["search[till]"];
    if (from !== undefined && till !== undefined) {
      const [rows] = await Promise.all([
        run(SQL.monthIds, [companyId, from, till, PER_PAGE, 0]),
        run(SQL.monthCount, [companyId, from, till]),
      ]);
      const page = await invoicesByIds(companyId, idsOf(rows));
      return reply.type(json).send(answer("month", () => ({ sales_invoices: nested(page) })));
    }
    const [counted] = await run(SQL.counted, [companyId, "sales_invoices"]);
    const total = Number(counted?.total ?? 0);
    // page 1: from the far end only when the whole list is shorter than a page
    const ids =
      total > 0 && total < PER_PAGE
        ? idsOf(await run(SQL.ids("asc"), [companyId, total, 0])).reverse()
        : idsOf(await run(SQL.ids("desc"), [companyId, PER_PAGE, 0]));
    const page = await invoicesByIds(companyId, ids);
    return reply.type(json).send(answer("firstPage", () => ({ sales_invoices: nested(page) })));
  },
);

app.get<{ Params: Params; Querystring: Query }>("/api/v1/companies/:company_id/contacts", async (request, reply) => {
  const companyId = Number(request.params.company_id);
  const text = request.query["search[q]"] ?? "";
  let found: Row[];
  if (db.kind === "sqlite" && [...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    [found] = await Promise.all([
      run(`select * ${SQL.mirrorFilter} order by "id" limit ? offset ?`, [companyId, phrase, PER_PAGE, 0]),
      run(`select count(*) as "total" ${SQL.mirrorFilter}`, [companyId, phrase]),
    ]);
  } else {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const patterns = CONTACT_SEARCH_FIELDS.map(() => pattern);
    [found] = await Promise.all([
      run(`select * ${SQL.likeFilter} order by "id" limit ? offset ?`, [companyId, ...patterns, PER_PAGE, 0]),
      run(`select count(*) as "total" ${SQL.likeFilter}`, [companyId, ...patterns]),
    ]);
  }
  return reply
    .type(json)
    .send(answer("search", () => ({ contacts: found.map((contact) => shown(contact, ["company_id"])) })));
});

app.get<{ Params: Params }>("/api/v1/companies/:company_id/contacts/:id", async (request, reply) => {
  const [contact] = await run(SQL.contact, [Number(request.params.company_id), Number(request.params.id)]);
  if (contact === undefined) return reply.code(404).send();
  return reply.type(json).send(answer("contact", () => ({ contact: shown(contact, ["company_id"]) })));
});

let closing = false;
const shutdown = async (): Promise<void> => {
  if (closing) return;
  closing = true;
  await app.close();
  if (db.kind === "sqlite") db.sqlite.close();
  else await db.pool.end();
};
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

await app.listen({ port, host: "127.0.0.1" });
