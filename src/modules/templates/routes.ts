import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { TemplateListResponse, TemplateResponse } from "./schemas.js";
import { listCompanyTemplates, showTemplate } from "./service.js";

const TEMPLATE_ID = idParams({ id: "template" });

export function registerTemplateRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/templates",
    {
      config: access("public", "company_id"),
      schema: { querystring: PAGED_LIST.schema, response: { 200: TemplateListResponse } },
    },
    async (request, reply) => {
      const page = await listCompanyTemplates(
        deps,
        requireCompany(request).companyId,
        PAGED_LIST.read(request.query as Query).paging,
      );
      setPagingHeaders(reply, page);
      return { templates: page.items };
    },
  );

  app.get(
    "/api/v1/companies/:company_id/templates/:id",
    { config: access("public", "company_id"), schema: { params: TEMPLATE_ID, response: { 200: TemplateResponse } } },
    async (request) => ({
      template: await showTemplate(deps, requireCompany(request).companyId, pathId(request)),
    }),
  );
}
