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

/** A page of invoices by id (as listed), with their lines and attachments, as Kasboek reads it. */
async function invoicesByIds(companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await run(SQL.rows(ids.length), [DOCUMENT_TYPE, companyId, ...ids]);
  await run(SQL.lines(ids.length), [companyId, DOCUMENT_TYPE, ...ids]);
  await run(SQL.attachments(ids.length), [companyId, DOCUMENT_TYPE, ...ids]);
}

const idsOf = (rows: Array<Record<string, Value>>) => rows.map((row) => Number(row.id));

const { app, bodyOf } = rawApp("mixed-raw");

type Params = { company_id: string; id: string };
type Query = Record<string, string | undefined>;
const json = "application/json; charset=utf-8";

app.get<{ Params: Params }>("/api/v1/companies/:company_id/sales_invoices/:id", async (request, reply) => {
  const companyId = Number(request.params.company_id);
  const id = Number(request.params.id);
  const [invoice] = await run(SQL.show, [DOCUMENT_TYPE, companyId, id]);
  if (invoice === undefined) return reply.code(404).send();
  await run(SQL.lines(1), [companyId, DOCUMENT_TYPE, id]);
  await run(SQL.attachments(1), [companyId, DOCUMENT_TYPE, id]);
  return reply.type(json).send(bodyOf("invoice"));
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
      await invoicesByIds(companyId, idsOf(rows));
      return reply.type(json).send(bodyOf("month"));
    }
    const [counted] = await run(SQL.counted, [companyId, "sales_invoices"]);
    const total = Number(counted?.total ?? 0);
    // page 1: from the far end only when the whole list is shorter than a page
    const ids =
      total > 0 && total < PER_PAGE
        ? idsOf(await run(SQL.ids("asc"), [companyId, total, 0])).reverse()
        : idsOf(await run(SQL.ids("desc"), [companyId, PER_PAGE, 0]));
    await invoicesByIds(companyId, ids);
    return reply.type(json).send(bodyOf("firstPage"));
  },
);

app.get<{ Params: Params; Querystring: Query }>("/api/v1/companies/:company_id/contacts", async (request, reply) => {
  const companyId = Number(request.params.company_id);
  const text = request.query["search[q]"] ?? "";
  if (db.kind === "sqlite" && [...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    await Promise.all([
      run(`select * ${SQL.mirrorFilter} order by "id" limit ? offset ?`, [companyId, phrase, PER_PAGE, 0]),
      run(`select count(*) as "total" ${SQL.mirrorFilter}`, [companyId, phrase]),
    ]);
  } else {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const patterns = CONTACT_SEARCH_FIELDS.map(() => pattern);
    await Promise.all([
      run(`select * ${SQL.likeFilter} order by "id" limit ? offset ?`, [companyId, ...patterns, PER_PAGE, 0]),
      run(`select count(*) as "total" ${SQL.likeFilter}`, [companyId, ...patterns]),
    ]);
  }
  return reply.type(json).send(bodyOf("search"));
});

app.get<{ Params: Params }>("/api/v1/companies/:company_id/contacts/:id", async (request, reply) => {
  const [contact] = await run(SQL.contact, [Number(request.params.company_id), Number(request.params.id)]);
  if (contact === undefined) return reply.code(404).send();
  return reply.type(json).send(bodyOf("contact"));
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
