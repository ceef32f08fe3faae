import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { RIDE_SELECTIONS, RideListResponse, RidePayload, RideResponse } from "./schemas.js";
import { createRide, deleteCompanyRide, listCompanyRides, showRide, updateCompanyRide } from "./service.js";

const RIDE_ID = idParams({ id: "ride" });

const ride = access("manage:rides", "company_id");

const RIDE_QUERY = listQuery({ selections: RIDE_SELECTIONS });

export function registerRideRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/rides",
    {
      config: ride,
      schema: { querystring: RIDE_QUERY.schema, response: { 200: RideListResponse } },
    },
    async (request, reply) => {
      const { selection, paging } = RIDE_QUERY.read(request.query as Query);
      const page = await listCompanyRides(deps, requireCompany(request), selection, paging);
      setPagingHeaders(reply, page);
      return { rides: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/rides",
    {
      config: ride,
      schema: {
        body: payloadBody(RidePayload, {
          departure_address: "Alkmaar",
          visiting_address: "Utrecht",
          km_start: 0,
          km_end: 100,
          private: false,
          date: "2026-11-02",
        }),
        response: { 201: RideResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ ride: await createRide(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/rides/:id",
    { config: ride, schema: { params: RIDE_ID, response: { 200: RideResponse } } },
    async (request) => ({ ride: await showRide(deps, requireCompany(request), pathId(request)) }),
  );

  app.patch(
    "/api/v1/companies/:company_id/rides/:id",
    { config: ride, schema: { params: RIDE_ID, body: payloadBody(RidePayload), response: { 200: RideResponse } } },
    async (request) => ({
      ride: await updateCompanyRide(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/rides/:id",
    { config: ride, schema: { params: RIDE_ID } },
    async (request, reply) => {
      await deleteCompanyRide(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}
