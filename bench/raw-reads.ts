/**
 * The read ceiling of `npm run bench`: the raw driver running, for GET one invoice and for the list
 * of 100, the very statements Kasboek runs for them (their SQL text as Kasboek's query builder
 * writes it, in the same order, one after the other, as Kasboek awaits each), then answering a
 * padded body of Kasboek's byte size like the bare baseline. No authentication, no presentation,
 * no serialization of the rows: what is left is the cost of the database round trips alone, so
 * `raw / bare` is the most any server reading these rows per request can reach on this machine,
 * and `Kasboek / raw` is the share of it Kasboek keeps.
 * Invariants: SQLite statements are prepared once per SQL text, PostgreSQL's are named prepared
 * statements; PostgreSQL runs them on the pool (the server's size) one at a time per request, as
 * Kasboek does; an answer is 200 only when the
 * invoice was found and the list read 100 ids.
 */
import type { FastifyInstance } from "fastify";
import { numbered, prepared, type RawDb, type Value } from "./db.js";

const PAID = (documentId: string) =>
  `(select cast(coalesce(sum(linked.amount_cents), 0) as bigint) from payments as linked ` +
  `where linked.company_id = "sales_invoices"."company_id" and linked.document_type = ? ` +
  `and linked.document_id = ${documentId}) as "paid_cents"`;
const places = (count: number) => Array.from({ length: count }, () => "?").join(", ");

const SHOW_SQL = `select "sales_invoices".*, ${PAID('"sales_invoices"."id"')} from "sales_invoices" where "company_id" = ? and "id" = ?`;
const COUNT_SQL = `select "total" from "row_counts" where "company_id" = ? and "table_name" = ?`;
const IDS_SQL =
  `select "sales_invoices"."id" from "sales_invoices" where "sales_invoices"."company_id" = ? ` +
  `order by "sales_invoices"."date" desc, "sales_invoices"."id" desc limit ? offset ?`;
const ROWS_SQL = (count: number) =>
  `select "sales_invoices".*, ${PAID('"sales_invoices"."id"')} from "sales_invoices" ` +
  `where +"sales_invoices"."company_id" = ? and "sales_invoices"."id" in (${places(count)}) order by "date" desc, "id" desc`;
const LINES_SQL = (count: number) =>
  `select * from "invoice_lines" where "company_id" = ? and "document_type" = ? and "document_id" in (${places(count)}) ` +
  `order by "document_id", "position", "id"`;
const ATTACHMENTS_SQL = (count: number) =>
  `select "id", "company_id", "document_type", "document_id", "file_name", "content_type", "file_size_bytes", "created_at" ` +
  `from "attachments" where "company_id" = ? and "document_type" = ? and "document_id" in (${places(count)}) ` +
  `order by "document_id" asc, "id" asc`;

const DOCUMENT_TYPE = "sales_invoice";
const LIST_SIZE = 100;

/** One statement's rows: prepared once on SQLite, a named prepared statement (`$n`) on PostgreSQL. */
export function runner(db: RawDb): (sql: string, params: Value[]) => Promise<Array<Record<string, Value>>> {
  if (db.kind === "postgres") {
    const texts = new Map<string, string>();
    return async (sql, params) => {
      const text = texts.get(sql) ?? numbered(sql);
      texts.set(sql, text);
      return (await db.pool.query<Record<string, Value>>(prepared(text, params))).rows;
    };
  }
  const statements = new Map<string, ReturnType<typeof db.sqlite.prepare>>();
  return async (sql, params) => {
    const statement = statements.get(sql) ?? db.sqlite.prepare(sql);
    statements.set(sql, statement);
    return statement.all(params) as Array<Record<string, Value>>;
  };
}

/** The two read routes, answering `bodyOf(scenario key)`; 404 or 500 when the rows are not there. */
export function registerRawReads(app: FastifyInstance, db: RawDb, bodyOf: (key: string) => string): void {
  const run = runner(db);
  app.get<{ Params: { company_id: string; id: string } }>(
    "/api/v1/companies/:company_id/sales_invoices/:id",
    async (request, reply) => {
      const companyId = Number(request.params.company_id);
      const id = Number(request.params.id);
      const [invoice] = await run(SHOW_SQL, [DOCUMENT_TYPE, companyId, id]);
      if (invoice === undefined) return reply.code(404).send();
      await run(LINES_SQL(1), [companyId, DOCUMENT_TYPE, id]);
      await run(ATTACHMENTS_SQL(1), [companyId, DOCUMENT_TYPE, id]);
      return reply.type("application/json; charset=utf-8").send(bodyOf("invoiceShow"));
    },
  );
  app.get<{ Params: { company_id: string } }>(
    "/api/v1/companies/:company_id/sales_invoices",
    async (request, reply) => {
      const companyId = Number(request.params.company_id);
      await run(COUNT_SQL, [companyId, "sales_invoices"]);
      const ids = (await run(IDS_SQL, [companyId, LIST_SIZE, 0])).map((row) => Number(row.id));
      if (ids.length !== LIST_SIZE) return reply.code(500).send({ error: `${ids.length} ids, not ${LIST_SIZE}` });
      await run(ROWS_SQL(ids.length), [DOCUMENT_TYPE, companyId, ...ids]);
      await run(LINES_SQL(ids.length), [companyId, DOCUMENT_TYPE, ...ids]);
      await run(ATTACHMENTS_SQL(ids.length), [companyId, DOCUMENT_TYPE, ...ids]);
      return reply.type("application/json; charset=utf-8").send(bodyOf("invoiceList"));
    },
  );
}
