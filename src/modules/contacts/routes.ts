import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { CONTACT_SELECTIONS, ContactListResponse, ContactPayload, ContactResponse } from "./schemas.js";
import {
  createContact,
  deleteCompanyContact,
  listCompanyContacts,
  showContact,
  updateCompanyContact,
} from "./service.js";

const CONTACT_ID = idParams({ id: "contact" });

const contacts = access("manage:contacts", "company_id");

const CONTACT_QUERY = listQuery({
  selections: CONTACT_SELECTIONS,
  search: {
    q: { kind: "text", description: "Text in the names, numbers, address, phone or VAT number" },
    contact_person_email_address: { kind: "text", description: "The contact person's e-mail address, exactly" },
  },
});

export function registerContactRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/contacts",
    {
      config: contacts,
      schema: {
        querystring: CONTACT_QUERY.schema,
        response: { 200: ContactListResponse },
      },
    },
    async (request, reply) => {
      const { selection, search, paging } = CONTACT_QUERY.read(request.query as Query);
      const filter = { selection, query: search.q, email: search.contact_person_email_address };
      const page = await listCompanyContacts(deps, requireCompany(request), filter, paging);
      setPagingHeaders(reply, page);
      return { contacts: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/contacts",
    {
      config: contacts,
      schema: {
        errors: ["client.subscription_limit_reached"],
        body: payloadBody(ContactPayload, {
          is_individual: false,
          is_supplier: false,
          company_name: "Bakkerij De Korenaar BV",
          contact_person_name: "Anna de Vries",
          contact_person_email_address: "anna@korenaar.example",
          address: "Dorpsstraat 12",
          zipcode: "3512 AB",
          city: "Utrecht",
          country_code: "NL",
          kvk_number: "12345678",
        }),
        response: { 201: ContactResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ contact: await createContact(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/contacts/:id",
    { config: contacts, schema: { params: CONTACT_ID, response: { 200: ContactResponse } } },
    async (request) => ({
      contact: await showContact(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/contacts/:id",
    {
      config: contacts,
      schema: { params: CONTACT_ID, body: payloadBody(ContactPayload), response: { 200: ContactResponse } },
    },
    async (request) => ({
      contact: await updateCompanyContact(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/contacts/:id",
    { config: contacts, schema: { params: CONTACT_ID, errors: ["client.parameters.validation"] } },
    async (request, reply) => {
      await deleteCompanyContact(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}
