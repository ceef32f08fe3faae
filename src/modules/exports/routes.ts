/**
 * Downloads for the accountant (scope read:reports), both streamed as attachments:
 * - GET …/exports/auditfile?year=2026&version=4.0 — the XML Auditfile Financieel of a year;
 * - GET …/exports/general_ledger.csv?from=…&till=… — every ledger line of a period, for Excel.
 * The body is written while the books are read; a client that goes away ends the reading.
 */
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { AUDITFILE_QUERY, GENERAL_LEDGER_CSV_QUERY, readAuditfileQuery, readExportPeriod } from "./schemas.js";
import { auditfileExport, type ExportFile, exportPeriod, generalLedgerCsv } from "./service.js";

const reports = access("read:reports", "company_id");
const BASE = "/api/v1/companies/:company_id/exports";

function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  // text stays text up to the socket, which writes it as UTF-8 from memory it frees as soon as
  // it is sent; without the encoding each part became a Buffer that only a garbage collection
  // frees, and megabytes of them waited for one (xml-parts.ts)
  const stream = Readable.from(file.body, { objectMode: false, encoding: "utf8" });
  // ended, failed or abandoned: what the file holds is released (a generator never started has
  // no `finally` to run)
  stream.once("close", () => {
    file.close().catch((error: unknown) => reply.log.error({ err: error }, "closing an export's books"));
  });
  return reply
    .type(file.contentType)
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(stream);
}

export function registerExportRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    `${BASE}/auditfile`,
    {
      config: reports,
      schema: {
        querystring: AUDITFILE_QUERY.schema,
        summary: "Download the XML Auditfile Financieel (XAF 4.0 or 3.2) of a year",
        file: { contentType: "application/xml", description: "The auditfile, as an attachment (.xaf)" },
      },
    },
    async (request, reply) => {
      const file = await auditfileExport(deps, requireCompany(request), readAuditfileQuery(request.query));
      return sendFile(reply, file);
    },
  );

  app.get(
    `${BASE}/general_ledger.csv`,
    {
      config: reports,
      schema: {
        querystring: GENERAL_LEDGER_CSV_QUERY.schema,
        summary: "Download the general ledger of a period as CSV (semicolons, decimal commas)",
        file: { contentType: "text/csv", description: "Every ledger line of the period, as an attachment" },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const period = exportPeriod(deps, company, readExportPeriod(request.query));
      return sendFile(reply, await generalLedgerCsv(deps, company, period));
    },
  );
}
