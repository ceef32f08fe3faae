import type { FastifyInstance } from "fastify";
import { access, requireCompany, requireContext } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { CompanyListResponse, CompanyPayload, CompanyResponse } from "./schemas.js";
import { createCompany, deleteOwnedCompany, listCompanies, showCompany, updateCompanyAttributes } from "./service.js";

export function registerCompanyRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies",
    { config: access("public"), schema: { querystring: PAGED_LIST.schema, response: { 200: CompanyListResponse } } },
    async (request, reply) => {
      const { token } = requireContext(request);
      const paging = PAGED_LIST.read(request.query as Query).paging;
      const page = await listCompanies(deps, token.userId, token.scopes, paging, token.companyIds);
      setPagingHeaders(reply, page);
      return { companies: page.items };
    },
  );

  app.post(
    "/api/v1/companies",
    {
      config: access("manage:companies"),
      schema: {
        errors: ["client.subscription_limit_reached"],
        body: payloadBody(CompanyPayload),
        response: { 201: CompanyResponse },
      },
    },
    async (request, reply) => {
      const { token } = requireContext(request);
      const company = await createCompany(deps, token.userId, token.scopes, request.body);
      return reply.code(201).send({ company });
    },
  );

  app.get(
    "/api/v1/companies/:id",
    { config: access("public", "id"), schema: { response: { 200: CompanyResponse } } },
    async (request) => ({
      company: await showCompany(deps, requireCompany(request).companyId, requireContext(request).token.scopes),
    }),
  );

  app.patch(
    "/api/v1/companies/:id",
    {
      config: access("manage:companies", "id"),
      schema: { body: payloadBody(CompanyPayload), response: { 200: CompanyResponse } },
    },
    async (request) => ({
      company: await updateCompanyAttributes(
        deps,
        requireCompany(request).companyId,
        requireContext(request).token.scopes,
        request.body,
      ),
    }),
  );

  app.delete("/api/v1/companies/:id", { config: access("manage:companies", "id") }, async (request, reply) => {
    await deleteOwnedCompany(deps, requireCompany(request));
    return reply.code(204).send();
  });
}
