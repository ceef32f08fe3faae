import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { uploadBodyLimit } from "../attachments/service.js";
import {
  BankStatementListResponse,
  BankStatementPayload,
  BankStatementResponse,
  MatchSuggestionListResponse,
} from "./schemas.js";
import {
  importBankStatement,
  listCompanyBankStatements,
  paymentMatchSuggestions,
  showBankStatement,
} from "./service.js";

const STATEMENT_ID = idParams({ id: "bankStatement" });
const PAYMENT_ID = idParams({ id: "payment" });
const statements = access("manage:payments", "company_id");

export function registerBankStatementRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/bank_statements",
    { config: statements, schema: { querystring: PAGED_LIST.schema, response: { 200: BankStatementListResponse } } },
    async (request, reply) => {
      const { paging } = PAGED_LIST.read(request.query as Query);
      const page = await listCompanyBankStatements(deps, requireCompany(request), paging);
      setPagingHeaders(reply, page);
      return { bank_statements: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/bank_statements",
    {
      config: statements,
      bodyLimit: uploadBodyLimit(),
      schema: { body: payloadBody(BankStatementPayload), response: { 201: BankStatementResponse } },
    },
    async (request, reply) =>
      reply.code(201).send({ bank_statement: await importBankStatement(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/bank_statements/:id",
    { config: statements, schema: { params: STATEMENT_ID, response: { 200: BankStatementResponse } } },
    async (request) => ({ bank_statement: await showBankStatement(deps, requireCompany(request), pathId(request)) }),
  );

  // the matching of bank payments lives here, beside the import that makes them
  app.get(
    "/api/v1/companies/:company_id/payments/:id/match_suggestions",
    { config: statements, schema: { params: PAYMENT_ID, response: { 200: MatchSuggestionListResponse } } },
    async (request) => ({
      match_suggestions: await paymentMatchSuggestions(deps, requireCompany(request), pathId(request)),
    }),
  );
}
