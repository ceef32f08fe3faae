/**
 * The Dutch auditfile (XAF) of a year, fetched through the app's API client — so it carries the
 * reader's token, refreshed as any call's — and saved as the file the server names
 * (Content-Disposition), else `auditfile-{year}.xaf`.
 */
import { unwrap } from "@kasboek/client";
import { api } from "../api/client.js";
import { saveFile } from "./download.js";
import { attachmentName } from "./files.js";

export type AuditfileVersion = "4.0" | "3.2";

export async function downloadAuditfile(companyId: number, year: number, version: AuditfileVersion): Promise<void> {
  const result = await api.GET("/api/v1/companies/{company_id}/exports/auditfile", {
    params: { path: { company_id: companyId }, query: { year, version } },
    parseAs: "blob",
  });
  const file = (await unwrap(result)) as unknown as Blob;
  const name = attachmentName(result.response.headers.get("Content-Disposition")) ?? `auditfile-${year}.xaf`;
  saveFile(name, file);
}
