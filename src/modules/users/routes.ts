import type { FastifyInstance } from "fastify";
import { access, requireContext } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { MeResponse } from "./schemas.js";
import { showMe } from "./service.js";

export function registerUserRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/me",
    {
      config: access("read:me"),
      schema: { summary: "Show the user the token belongs to", response: { 200: MeResponse } },
    },
    async (request) => ({
      me: await showMe(deps, requireContext(request).token.userId),
    }),
  );
}
