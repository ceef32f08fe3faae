/**
 * The OpenAPI document the app serves, read through the app as a client would, with a company
 * of its own: what test/openapi.test.ts and test/openapi-errors.test.ts check it against.
 */
import { afterAll } from "vitest";
import { buildTestApp, json, newCompany, type TestApp, type TestCompany } from "./app.js";

export type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  requestBody?: { content: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }> };
  parameters?: Array<{ name?: string; in?: string; required?: boolean; schema?: { type?: unknown } }>;
  security?: unknown[];
};
export type Document = {
  servers?: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, unknown> };
};
export interface DocumentedOperation {
  path: string;
  method: string;
  operation: Operation;
}

export interface OpenApiHarness {
  harness: TestApp;
  documentResponse: Awaited<ReturnType<TestApp["app"]["inject"]>>;
  document: Document;
  owner: TestCompany;
  operations: DocumentedOperation[];
  /** the operations that need a token */
  apiOperations: DocumentedOperation[];
}

/** An app on the run's database, its document, and a company; closed after the calling file. */
export async function openApiHarness(): Promise<OpenApiHarness> {
  const harness = await buildTestApp();
  afterAll(() => harness.close());
  const documentResponse = await harness.app.inject({ url: "/api/v1/openapi.json" });
  const document = json<Document>(documentResponse);
  const owner = await newCompany(harness.deps, "Openapi BV");
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const apiOperations = operations.filter(({ operation }) => (operation.security ?? []).length > 0);
  return { harness, documentResponse, document, owner, operations, apiOperations };
}

/** The app's real ids for the references an example names. */
export async function referenceIds({ harness, owner }: OpenApiHarness): Promise<Record<string, number>> {
  const authorization = { authorization: `Bearer ${owner.token}` };
  const base = `/api/v1/companies/${owner.companyId}`;
  const vatTypes = json<{ vat_types: Array<{ id: number }> }>(
    await harness.app.inject({ url: `${base}/vat_types`, headers: authorization }),
  ).vat_types;
  const contact = json<{ contact: { id: number } }>(
    await harness.app.inject({
      method: "POST",
      url: `${base}/contacts`,
      headers: authorization,
      payload: { contact: { company_name: "Referenced BV" } },
    }),
  ).contact;
  return { vat_type_id: vatTypes[0]?.id ?? 0, contact_id: contact.id };
}
