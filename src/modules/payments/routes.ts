import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { PAYMENT_SELECTIONS, PaymentListResponse, PaymentPayload, PaymentResponse } from "./schemas.js";
import {
  createPayment,
  deleteCompanyPayment,
  listCompanyPayments,
  showPayment,
  splitCompanyPayment,
  updateCompanyPayment,
} from "./service.js";
import { SplitPayload } from "./split.js";

const PAYMENT_ID = idParams({ id: "payment" });

const payments = access("manage:payments", "company_id");

const PAYMENT_QUERY = listQuery({ selections: PAYMENT_SELECTIONS, defaultSelection: "unbooked" });

export function registerPaymentRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/payments",
    {
      config: payments,
      schema: {
        querystring: PAYMENT_QUERY.schema,
        response: { 200: PaymentListResponse },
      },
    },
    async (request, reply) => {
      const { selection, paging } = PAYMENT_QUERY.read(request.query as Query);
      const page = await listCompanyPayments(deps, requireCompany(request), selection, paging);
      setPagingHeaders(reply, page);
      return { payments: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/payments",
    { config: payments, schema: { body: payloadBody(PaymentPayload), response: { 201: PaymentResponse } } },
    async (request, reply) =>
      reply.code(201).send({ payment: await createPayment(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/payments/:id",
    { config: payments, schema: { params: PAYMENT_ID, response: { 200: PaymentResponse } } },
    async (request) => ({
      payment: await showPayment(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/payments/:id",
    {
      config: payments,
      schema: { params: PAYMENT_ID, body: payloadBody(PaymentPayload), response: { 200: PaymentResponse } },
    },
    async (request) => ({
      payment: await updateCompanyPayment(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  // Kasboek extension: one payment over several documents, all or nothing (split.ts)
  app.post(
    "/api/v1/companies/:company_id/payments/:id/split",
    {
      config: payments,
      schema: {
        description:
          "Kasboek extension: one unbooked payment over several published documents, all or nothing; the parts' " +
          "amounts add up exactly to the payment's. The payment becomes the first part, each further part a new " +
          "payment with its account, date, description and bank record; answers them all. A payment linked " +
          "already (unlink it first) or a bank statement's duplicate is a 422.",
        params: PAYMENT_ID,
        body: payloadBody(SplitPayload),
        response: { 201: PaymentListResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        payments: await splitCompanyPayment(deps, requireCompany(request), pathId(request), request.body),
      }),
  );

  app.delete(
    "/api/v1/companies/:company_id/payments/:id",
    { config: payments, schema: { params: PAYMENT_ID, errors: ["client.parameters.validation"] } },
    async (request, reply) => {
      await deleteCompanyPayment(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}
