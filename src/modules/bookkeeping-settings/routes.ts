import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { payloadBody } from "../../platform/route-docs.js";
import { BookkeepingSettingsPayload, BookkeepingSettingsResponse } from "./schemas.js";
import { showBookkeepingSettings, updateBookkeepingSettings } from "./service.js";

const settings = access("manage:companies", "company_id");

export function registerBookkeepingSettingsRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/bookkeeping_settings",
    { config: settings, schema: { response: { 200: BookkeepingSettingsResponse } } },
    async (request) => ({ bookkeeping_settings: await showBookkeepingSettings(deps, requireCompany(request)) }),
  );

  app.patch(
    "/api/v1/companies/:company_id/bookkeeping_settings",
    {
      config: settings,
      schema: { body: payloadBody(BookkeepingSettingsPayload), response: { 200: BookkeepingSettingsResponse } },
    },
    async (request) => ({
      bookkeeping_settings: await updateBookkeepingSettings(deps, requireCompany(request), request.body),
    }),
  );
}
