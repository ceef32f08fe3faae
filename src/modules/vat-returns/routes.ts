import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery, PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { RETURN_BOXES } from "./rules.js";
import {
  VAT_RETURN_LINE_SELECTIONS,
  VatReturnLineListResponse,
  VatReturnListResponse,
  VatReturnPayload,
  VatReturnPeriodListResponse,
  VatReturnResponse,
} from "./schemas.js";
import {
  fileVatReturn,
  listFiledVatReturns,
  listVatReturnLines,
  listVatReturnPeriods,
  showVatReturn,
} from "./service.js";

const reports = access("read:reports", "company_id");
// filing posts the settlement entry into the books
const filing = access("manage:journal_entries", "company_id");

const periodOf = (params: unknown) => (params as { period?: unknown }).period;

/** `box` is read with the period, by the service (rules.ts `readReturnBox`) */
const LINES_QUERY = listQuery({
  selections: VAT_RETURN_LINE_SELECTIONS,
  extra: { box: { type: "string", enum: [...RETURN_BOXES], description: "The box of the return" } },
  required: ["box"],
});

export function registerVatReturnRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/vat_returns",
    { config: reports, schema: { querystring: PAGED_LIST.schema, response: { 200: VatReturnListResponse } } },
    async (request, reply) => {
      const page = await listFiledVatReturns(
        deps,
        requireCompany(request),
        PAGED_LIST.read(request.query as Query).paging,
      );
      setPagingHeaders(reply, page);
      return { vat_returns: page.items };
    },
  );

  app.get(
    "/api/v1/companies/:company_id/vat_return_periods",
    {
      config: reports,
      schema: {
        summary: "List the periods whose VAT return the company can look at and file, newest first",
        querystring: PAGED_LIST.schema,
        response: { 200: VatReturnPeriodListResponse },
      },
    },
    async (request, reply) => {
      const page = await listVatReturnPeriods(
        deps,
        requireCompany(request),
        PAGED_LIST.read(request.query as Query).paging,
      );
      setPagingHeaders(reply, page);
      return { vat_return_periods: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/vat_returns",
    { config: filing, schema: { body: payloadBody(VatReturnPayload), response: { 201: VatReturnResponse } } },
    async (request, reply) =>
      reply.code(201).send({ vat_return: await fileVatReturn(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/vat_returns/:period",
    { config: reports, schema: { response: { 200: VatReturnResponse } } },
    async (request) => ({
      vat_return: await showVatReturn(deps, requireCompany(request), periodOf(request.params)),
    }),
  );

  app.get(
    "/api/v1/companies/:company_id/vat_returns/:period/lines",
    {
      config: reports,
      schema: {
        summary: "List the ledger lines behind one box of a period's VAT return",
        querystring: LINES_QUERY.schema,
        response: { 200: VatReturnLineListResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const { selection, paging } = LINES_QUERY.read(query);
      const page = await listVatReturnLines(
        deps,
        requireCompany(request),
        periodOf(request.params),
        query.box,
        selection,
        paging,
      );
      setPagingHeaders(reply, page);
      return { vat_return_lines: page.items };
    },
  );
}
