/**
 * `POST …/payments/{id}/book` (a Kasboek extension): an unbooked payment booked straight to a cost
 * account, all or nothing (service.ts). The scope is the payments' (`manage:payments`), as for a
 * split; since it makes an expense, the token needs `manage:expenses` as well, checked before
 * the service runs, as a sales invoice's nested payments need `manage:payments`.
 */
import type { FastifyInstance } from "fastify";
import { access, requireAdditionalScope, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { idParams, pathId } from "../../platform/params.js";
import { payloadBody } from "../../platform/route-docs.js";
import { ExpenseResponse } from "../expenses/service.js";
import { BookingPayload } from "./schemas.js";
import { bookPayment } from "./service.js";

const PAYMENT_ID = idParams({ id: "payment" });

export function registerPaymentBookingRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.post(
    "/api/v1/companies/:company_id/payments/:id/book",
    {
      config: access("manage:payments", "company_id"),
      schema: {
        description:
          "Kasboek extension: one unbooked payment of money going out booked straight to a cost account, all or " +
          "nothing: a published expense of one line without VAT (vat_none), dated the day of the payment, whose " +
          "total is what the payment paid, with the payment linked to it. Answers the expense. Needs " +
          "manage:expenses as well. A payment linked already (unlink it first), a bank statement's duplicate, money " +
          "coming in, an account that is no cost account of the company, a blank description or a payment in a " +
          "period whose VAT return is filed is a 422.",
        params: PAYMENT_ID,
        body: payloadBody(BookingPayload),
        response: { 201: ExpenseResponse },
      },
    },
    async (request, reply) => {
      requireAdditionalScope(request, "manage:expenses");
      const expense = await bookPayment(deps, requireCompany(request), pathId(request), request.body);
      return reply.code(201).send({ expense });
    },
  );
}
