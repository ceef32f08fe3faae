import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { DATE_RANGE_SEARCH, listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { QUOTATION_SELECTIONS, QuotationListResponse, QuotationPayload, QuotationResponse } from "./schemas.js";
import {
  createQuotation,
  deleteCompanyQuotation,
  listCompanyQuotations,
  quotationPdfOf,
  showQuotation,
  updateCompanyQuotation,
} from "./service.js";

const quotations = access("manage:quotations", "company_id");

const QUOTATION_QUERY = listQuery({
  selections: QUOTATION_SELECTIONS,
  search: {
    ...DATE_RANGE_SEARCH,
    contact_id: { kind: "id", description: "Only this contact's quotations" },
  },
});
const RESOURCE = "quotation";
const QUOTATION_ID = idParams({ id: RESOURCE });

export function registerQuotationRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/quotations",
    {
      config: quotations,
      schema: {
        querystring: QUOTATION_QUERY.schema,
        response: { 200: QuotationListResponse },
      },
    },
    async (request, reply) => {
      const { selection, search, paging } = QUOTATION_QUERY.read(request.query as Query);
      const filter = { from: search.from, till: search.till, contactId: search.contact_id };
      const page = await listCompanyQuotations(deps, requireCompany(request), selection, filter, paging);
      setPagingHeaders(reply, page);
      return { quotations: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/quotations",
    {
      config: quotations,
      schema: {
        errors: ["client.quota_reached"],
        body: payloadBody(QuotationPayload),
        response: { 201: QuotationResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ quotation: await createQuotation(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/quotations/:id",
    { config: quotations, schema: { params: QUOTATION_ID, response: { 200: QuotationResponse } } },
    async (request) => ({
      quotation: await showQuotation(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/quotations/:id",
    {
      config: quotations,
      schema: { params: QUOTATION_ID, body: payloadBody(QuotationPayload), response: { 200: QuotationResponse } },
    },
    async (request) => ({
      quotation: await updateCompanyQuotation(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/quotations/:id",
    { config: quotations, schema: { params: QUOTATION_ID, errors: ["client.parameters.validation"] } },
    async (request, reply) => {
      await deleteCompanyQuotation(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/v1/companies/:company_id/quotations/:id/pdf",
    {
      config: quotations,
      schema: {
        params: QUOTATION_ID,
        summary: "Download the PDF of a quotation",
        file: { contentType: "application/pdf", description: "The quotation as PDF, in the company's template" },
      },
    },
    async (request, reply) => {
      const pdf = await quotationPdfOf(deps, requireCompany(request), pathId(request));
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${pdf.fileName}"`)
        .send(pdf.content);
    },
  );
}
