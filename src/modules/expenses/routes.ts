/**
 * The expense endpoints (`manage:expenses`): the reference's list, create, show, update and
 * delete, plus the expense's attachments (receipts) through the shared attachment routes.
 * Handlers only read parameters and call the service.
 */
import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { DATE_RANGE_SEARCH, listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import type { AttachmentParent } from "../attachments/service.js";
import { DOCUMENT_TYPE } from "./present.js";
import { EXPENSE_SELECTIONS, ExpenseListResponse, ExpensePayload, ExpenseResponse } from "./schemas.js";
import {
  createExpense,
  deleteCompanyExpense,
  listCompanyExpenses,
  requireExpense,
  showExpense,
  updateCompanyExpense,
} from "./service.js";

const expenses = access("manage:expenses", "company_id");

const EXPENSE_QUERY = listQuery({
  selections: EXPENSE_SELECTIONS,
  search: {
    ...DATE_RANGE_SEARCH,
    q: {
      kind: "text",
      description:
        "Kasboek extension: text anywhere in the expense's number, a line's description or the contact's name " +
        "(company or person, as the contact is now), in any case; % and _ match themselves",
    },
  },
});
const RESOURCE = "expense";
const EXPENSE_ID = idParams({ id: RESOURCE });

export function registerExpenseRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/expenses",
    {
      config: expenses,
      schema: {
        querystring: EXPENSE_QUERY.schema,
        response: { 200: ExpenseListResponse },
      },
    },
    async (request, reply) => {
      const { selection, search, paging } = EXPENSE_QUERY.read(request.query as Query);
      const filter = { from: search.from, till: search.till, text: search.q };
      const page = await listCompanyExpenses(deps, requireCompany(request), selection, filter, paging);
      setPagingHeaders(reply, page);
      return { expenses: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/expenses",
    { config: expenses, schema: { body: payloadBody(ExpensePayload), response: { 201: ExpenseResponse } } },
    async (request, reply) => {
      const expense = await createExpense(deps, requireCompany(request), request.body);
      return reply.code(201).send({ expense });
    },
  );

  app.get(
    "/api/v1/companies/:company_id/expenses/:id",
    { config: expenses, schema: { params: EXPENSE_ID, response: { 200: ExpenseResponse } } },
    async (request) => ({
      expense: await showExpense(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/expenses/:id",
    {
      config: expenses,
      schema: { params: EXPENSE_ID, body: payloadBody(ExpensePayload), response: { 200: ExpenseResponse } },
    },
    async (request) => ({
      expense: await updateCompanyExpense(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/expenses/:id",
    { config: expenses, schema: { params: EXPENSE_ID, errors: ["client.parameters.validation"] } },
    async (request, reply) => {
      await deleteCompanyExpense(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}

/** An expense's receipts: app.ts registers the attachment routes under it. */
export const EXPENSE_ATTACHMENTS: AttachmentParent = {
  pathSegment: "expenses",
  idParam: "expense_id",
  documentType: DOCUMENT_TYPE,
  resource: RESOURCE,
  scope: "manage:expenses",
  findParent: requireExpense,
};
