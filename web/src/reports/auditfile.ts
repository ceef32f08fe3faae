/**
 * The Dutch auditfile (XAF) of a year, fetched through the app's API client — so it carries the
 * reader's token, refreshed as any call's — and saved as the file the server names
 * (Content-Disposition), else `auditfile-{year}.xaf`.
 *
 * `GET …/exports/auditfile` is being added to the API beside this page; until the typed client is
 * generated with it, its one operation is declared here. Once clients/typescript/src/schema.ts has
 * it, `api.GET` takes the path as it is and AuditfilePaths goes.
 */
import { unwrap } from "@kasboek/client";
import type { Client } from "openapi-fetch";
import { api } from "../api/client.js";
import { saveFile } from "./download.js";
import { attachmentName } from "./files.js";

export type AuditfileVersion = "4.0" | "3.2";

interface AuditfilePaths {
  "/api/v1/companies/{company_id}/exports/auditfile": {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: {
        query: { year: number; version?: AuditfileVersion };
        header?: never;
        path: { company_id: number };
        cookie?: never;
      };
      requestBody?: never;
      responses: { 200: { headers: { [name: string]: unknown }; content: { "application/xml": string } } };
    };
  };
}

const exportsApi = api as unknown as Client<AuditfilePaths>;

export async function downloadAuditfile(companyId: number, year: number, version: AuditfileVersion): Promise<void> {
  const result = await exportsApi.GET("/api/v1/companies/{company_id}/exports/auditfile", {
    params: { path: { company_id: companyId }, query: { year, version } },
    parseAs: "blob",
  });
  const file = (await unwrap(result)) as unknown as Blob;
  const name = attachmentName(result.response.headers.get("Content-Disposition")) ?? `auditfile-${year}.xaf`;
  saveFile(name, file);
}
