import type { FastifyInstance } from "fastify";
import { access, requireAdditionalScope, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { DATE_RANGE_SEARCH, listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import type { AttachmentParent } from "../attachments/service.js";
import {
  SALES_INVOICE_SELECTIONS,
  SalesInvoiceListResponse,
  SalesInvoicePayload,
  SalesInvoiceResponse,
} from "./schemas.js";
import {
  createSalesInvoice,
  deleteCompanySalesInvoice,
  listCompanySalesInvoices,
  requireSalesInvoice,
  salesInvoicePdfOf,
  showSalesInvoice,
  updateCompanySalesInvoice,
} from "./service.js";

const salesInvoices = access("manage:sales_invoices", "company_id");

const SALES_INVOICE_QUERY = listQuery({
  selections: SALES_INVOICE_SELECTIONS,
  search: {
    ...DATE_RANGE_SEARCH,
    contact_id: { kind: "id", description: "Only this contact's invoices" },
    api_reference: { kind: "text", description: "The api_reference the invoice was created with" },
    q: {
      kind: "text",
      description:
        "Kasboek extension: text anywhere in the invoice number, the api_reference, the description or the " +
        "contact's name (company or person, as the contact is now), in any case; % and _ match themselves",
    },
  },
});
const RESOURCE = "salesInvoice";
const SALES_INVOICE_ID = idParams({ id: RESOURCE });

export function registerSalesInvoiceRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/sales_invoices",
    {
      config: salesInvoices,
      schema: {
        querystring: SALES_INVOICE_QUERY.schema,
        response: { 200: SalesInvoiceListResponse },
      },
    },
    async (request, reply) => {
      const { selection, search, paging } = SALES_INVOICE_QUERY.read(request.query as Query);
      const filter = {
        from: search.from,
        till: search.till,
        contactId: search.contact_id,
        apiReference: search.api_reference,
        text: search.q,
      };
      const page = await listCompanySalesInvoices(deps, requireCompany(request), selection, filter, paging);
      setPagingHeaders(reply, page);
      return { sales_invoices: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/sales_invoices",
    {
      config: salesInvoices,
      schema: {
        errors: ["client.quota_reached"],
        body: payloadBody(SalesInvoicePayload, {
          date: "2026-11-02",
          due_date: "2026-12-02",
          contact_id: 7,
          description: "Onderhoud november",
          invoice_lines: [
            { description: "Onderhoud website", quantity: "10", price_per_unit: "75.00", vat_type_id: 1 },
          ],
        }),
        response: { 201: SalesInvoiceResponse },
      },
    },
    async (request, reply) => {
      const invoice = await createSalesInvoice(deps, requireCompany(request), request.body, {
        requirePaymentsScope: () => requireAdditionalScope(request, "manage:payments"),
      });
      return reply.code(201).send({ sales_invoice: invoice });
    },
  );

  app.get(
    "/api/v1/companies/:company_id/sales_invoices/:id",
    { config: salesInvoices, schema: { params: SALES_INVOICE_ID, response: { 200: SalesInvoiceResponse } } },
    async (request) => ({
      sales_invoice: await showSalesInvoice(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/sales_invoices/:id",
    {
      config: salesInvoices,
      schema: {
        params: SALES_INVOICE_ID,
        body: payloadBody(SalesInvoicePayload),
        response: { 200: SalesInvoiceResponse },
      },
    },
    async (request) => ({
      sales_invoice: await updateCompanySalesInvoice(deps, requireCompany(request), pathId(request), request.body, {
        requirePaymentsScope: () => requireAdditionalScope(request, "manage:payments"),
      }),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/sales_invoices/:id",
    { config: salesInvoices, schema: { params: SALES_INVOICE_ID, errors: ["client.parameters.validation"] } },
    async (request, reply) => {
      await deleteCompanySalesInvoice(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/v1/companies/:company_id/sales_invoices/:id/pdf",
    {
      config: salesInvoices,
      schema: {
        params: SALES_INVOICE_ID,
        summary: "Download the PDF of a sales invoice",
        file: { contentType: "application/pdf", description: "The sales invoice as PDF, in the company's template" },
      },
    },
    async (request, reply) => {
      const pdf = await salesInvoicePdfOf(deps, requireCompany(request), pathId(request));
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${pdf.fileName}"`)
        .send(pdf.content);
    },
  );
}

/** An invoice's attachments: app.ts registers the attachment routes under it. */
export const SALES_INVOICE_ATTACHMENTS: AttachmentParent = {
  pathSegment: "sales_invoices",
  idParam: "sales_invoice_id",
  documentType: "sales_invoice",
  resource: RESOURCE,
  scope: "manage:sales_invoices",
  findParent: requireSalesInvoice,
};
