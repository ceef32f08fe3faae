import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { readPaging, readPathId, readSearchList, readSelection } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { listQuery } from "../../platform/route-docs.js";
import { AccountListResponse, AccountResponse } from "./schemas.js";
import { ACCOUNT_SELECTIONS, listCompanyAccounts, showAccount } from "./service.js";

export function registerAccountRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/accounts",
    {
      config: access("read:accounts", "company_id"),
      schema: {
        querystring: listQuery({
          selections: ACCOUNT_SELECTIONS,
          search: { paths: { kind: "text-list", description: "Only the accounts with these paths" } },
        }),
        response: { 200: AccountListResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const filter = {
        selection: readSelection(query, ACCOUNT_SELECTIONS, "all"),
        paths: readSearchList(query, "paths"),
      };
      const page = await listCompanyAccounts(deps, requireCompany(request).companyId, filter, readPaging(query));
      setPagingHeaders(reply, page);
      return { accounts: page.items };
    },
  );

  app.get(
    "/api/v1/companies/:company_id/accounts/:id",
    { config: access("read:accounts", "company_id"), schema: { response: { 200: AccountResponse } } },
    async (request) => ({
      account: await showAccount(deps, requireCompany(request).companyId, readPathId(request.params, "Account")),
    }),
  );
}
