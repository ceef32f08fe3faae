import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { JournalEntryListResponse, JournalEntryPayload, JournalEntryResponse } from "./schemas.js";
import {
  createJournalEntry,
  deleteCompanyJournalEntry,
  listCompanyJournalEntries,
  showJournalEntry,
  updateCompanyJournalEntry,
} from "./service.js";

const JOURNAL_ENTRY_ID = idParams({ id: "journalEntry" });

const journalEntries = access("manage:journal_entries", "company_id");

export function registerJournalEntryRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/journal_entries",
    { config: journalEntries, schema: { querystring: PAGED_LIST.schema, response: { 200: JournalEntryListResponse } } },
    async (request, reply) => {
      const page = await listCompanyJournalEntries(
        deps,
        requireCompany(request),
        PAGED_LIST.read(request.query as Query).paging,
      );
      setPagingHeaders(reply, page);
      return { journal_entries: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/journal_entries",
    {
      config: journalEntries,
      schema: { body: payloadBody(JournalEntryPayload), response: { 201: JournalEntryResponse } },
    },
    async (request, reply) =>
      reply.code(201).send({ journal_entry: await createJournalEntry(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/journal_entries/:id",
    { config: journalEntries, schema: { params: JOURNAL_ENTRY_ID, response: { 200: JournalEntryResponse } } },
    async (request) => ({
      journal_entry: await showJournalEntry(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/journal_entries/:id",
    {
      config: journalEntries,
      schema: {
        params: JOURNAL_ENTRY_ID,
        body: payloadBody(JournalEntryPayload),
        response: { 200: JournalEntryResponse },
      },
    },
    async (request) => ({
      journal_entry: await updateCompanyJournalEntry(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/journal_entries/:id",
    { config: journalEntries, schema: { params: JOURNAL_ENTRY_ID, errors: ["client.parameters.validation"] } },
    async (request, reply) => {
      await deleteCompanyJournalEntry(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}
