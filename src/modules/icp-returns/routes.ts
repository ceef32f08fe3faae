import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { IcpReturnResponse } from "./schemas.js";
import { showIcpReturn } from "./service.js";

const reports = access("read:reports", "company_id");

export function registerIcpReturnRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/icp_returns/:period",
    { config: reports, schema: { response: { 200: IcpReturnResponse } } },
    async (request) => ({
      icp_return: await showIcpReturn(deps, requireCompany(request), (request.params as { period?: unknown }).period),
    }),
  );
}
