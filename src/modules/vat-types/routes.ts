import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import { dateParameter } from "../../platform/route-docs.js";
import { VatTypeListResponse, VatTypeResponse } from "./schemas.js";
import { listKnownVatTypes, showVatType } from "./service.js";

const VAT_TYPE_ID = idParams({ id: "vatType" });

/** `since` is read by the route: its default is today in the company's time zone */
const VAT_TYPE_QUERY = listQuery({
  selections: ["all"],
  extra: {
    since: dateParameter("The VAT types valid on or after this date (default: today)"),
  },
});

export function registerVatTypeRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/vat_types",
    {
      config: access("public", "company_id"),
      schema: {
        querystring: VAT_TYPE_QUERY.schema,
        response: { 200: VatTypeListResponse },
      },
    },
    async (request, reply) => {
      const { paging } = VAT_TYPE_QUERY.read(request.query);
      const company = requireCompany(request);
      const { since } = request.query as { since?: string };
      const page = await listKnownVatTypes(deps, since ?? dateInTimeZone(deps.now(), company.timeZone), paging);
      setPagingHeaders(reply, page);
      return { vat_types: page.items };
    },
  );

  app.get(
    "/api/v1/companies/:company_id/vat_types/:id",
    { config: access("public", "company_id"), schema: { params: VAT_TYPE_ID, response: { 200: VatTypeResponse } } },
    async (request) => ({ vat_type: await showVatType(deps, pathId(request)) }),
  );
}
