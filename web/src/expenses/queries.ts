/**
 * Server state of the expense pages: the accounts an expense is booked on, an expense's receipts,
 * and the upload of one (the API's attachments of an expense, base64 in JSON).
 */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.js";
import { MAX_PER_PAGE } from "../app/queries.js";
import { base64Of } from "./receipt.js";
import type { AttachmentObject } from "./status.js";

/** The cost accounts (the API's `selection=costs`), where an expense is usually booked. */
export function useCostAccounts(companyId: number) {
  return useQuery({
    queryKey: ["accounts", companyId, "costs"],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/accounts", {
            params: { path: { company_id: companyId }, query: { selection: "costs", per_page: MAX_PER_PAGE } },
          }),
        )
      ).accounts,
    staleTime: 5 * 60 * 1000,
  });
}

export function useReceipts(companyId: number, expenseId: number | null) {
  return useQuery({
    queryKey: ["expense_receipts", companyId, expenseId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/expenses/{expense_id}/attachments", {
            params: { path: { company_id: companyId, expense_id: expenseId ?? 0 }, query: { per_page: MAX_PER_PAGE } },
          }),
        )
      ).attachment_objects,
    enabled: expenseId !== null,
  });
}

export async function uploadReceipt(companyId: number, expenseId: number, file: File): Promise<AttachmentObject> {
  const content = base64Of(new Uint8Array(await file.arrayBuffer()));
  const answer = await unwrap(
    api.POST("/api/v1/companies/{company_id}/expenses/{expense_id}/attachments", {
      params: { path: { company_id: companyId, expense_id: expenseId } },
      body: { attachment_object: { attachment: content, attachment_file_name: file.name } },
    }),
  );
  return answer.attachment_object;
}
