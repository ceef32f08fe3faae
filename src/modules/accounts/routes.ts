import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { AccountListResponse, AccountResponse } from "./schemas.js";
import { ACCOUNT_SELECTIONS, listCompanyAccounts, showAccount } from "./service.js";

const ACCOUNT_ID = idParams({ id: "account" });

const ACCOUNT_QUERY = listQuery({
  selections: ACCOUNT_SELECTIONS,
  search: { paths: { kind: "text-list", description: "Only the accounts with these paths" } },
});

export function registerAccountRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/accounts",
    {
      config: access("read:accounts", "company_id"),
      schema: {
        querystring: ACCOUNT_QUERY.schema,
        response: { 200: AccountListResponse },
      },
    },
    async (request, reply) => {
      const { selection, search, paging } = ACCOUNT_QUERY.read(request.query as Query);
      const filter = { selection, paths: search.paths };
      const page = await listCompanyAccounts(deps, requireCompany(request).companyId, filter, paging);
      setPagingHeaders(reply, page);
      return { accounts: page.items };
    },
  );

  app.get(
    "/api/v1/companies/:company_id/accounts/:id",
    {
      config: access("read:accounts", "company_id"),
      schema: { params: ACCOUNT_ID, response: { 200: AccountResponse } },
    },
    async (request) => ({
      account: await showAccount(deps, requireCompany(request).companyId, pathId(request)),
    }),
  );
}
