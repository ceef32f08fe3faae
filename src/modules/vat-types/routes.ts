import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { readDateParameter, readPaging, readPathId, readSelection } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { listQuery } from "../../platform/route-docs.js";
import { VatTypeListResponse, VatTypeResponse } from "./schemas.js";
import { listKnownVatTypes, showVatType } from "./service.js";

export function registerVatTypeRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/vat_types",
    {
      config: access("public", "company_id"),
      schema: {
        querystring: listQuery({
          selections: ["all"],
          extra: {
            since: {
              type: "string",
              format: "date",
              description: "The VAT types valid on or after this date (default: today)",
            },
          },
        }),
        response: { 200: VatTypeListResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      readSelection(query, ["all"], "all");
      const company = requireCompany(request);
      const since = readDateParameter("since", query.since) ?? dateInTimeZone(deps.now(), company.timeZone);
      const page = await listKnownVatTypes(deps, since, readPaging(query));
      setPagingHeaders(reply, page);
      return { vat_types: page.items };
    },
  );

  app.get(
    "/api/v1/companies/:company_id/vat_types/:id",
    { config: access("public", "company_id"), schema: { response: { 200: VatTypeResponse } } },
    async (request) => ({ vat_type: await showVatType(deps, readPathId(request.params, "VAT type")) }),
  );
}
