import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { HourListResponse, HourPayload, HourResponse } from "./schemas.js";
import { createHour, deleteCompanyHour, listCompanyHours, showHour, updateCompanyHour } from "./service.js";

const HOUR_ID = idParams({ id: "hour" });

const hours = access("manage:hours", "company_id");

export function registerHourRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/hours",
    { config: hours, schema: { querystring: PAGED_LIST.schema, response: { 200: HourListResponse } } },
    async (request, reply) => {
      const page = await listCompanyHours(
        deps,
        requireCompany(request),
        PAGED_LIST.read(request.query as Query).paging,
      );
      setPagingHeaders(reply, page);
      return { hours: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/hours",
    {
      config: hours,
      schema: {
        body: payloadBody(HourPayload, {
          date: "2026-11-02",
          description: "Overleg over de nieuwe website",
          duration: "1.5",
        }),
        response: { 201: HourResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ hour: await createHour(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/hours/:id",
    { config: hours, schema: { params: HOUR_ID, response: { 200: HourResponse } } },
    async (request) => ({ hour: await showHour(deps, requireCompany(request), pathId(request)) }),
  );

  app.patch(
    "/api/v1/companies/:company_id/hours/:id",
    { config: hours, schema: { params: HOUR_ID, body: payloadBody(HourPayload), response: { 200: HourResponse } } },
    async (request) => ({
      hour: await updateCompanyHour(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/hours/:id",
    { config: hours, schema: { params: HOUR_ID } },
    async (request, reply) => {
      await deleteCompanyHour(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}
