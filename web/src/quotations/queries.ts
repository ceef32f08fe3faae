/**
 * A quotation and its contact as the quotation pages ask the API for them. A quotation names its
 * contact by id only (the API's quotation has no contact copy), so the name shown is read from the
 * contact itself, one cached request per contact, shared with the contact pages' cache.
 */
import { unwrap } from "@kasboek/client";
import { useQueries, useQuery } from "@tanstack/react-query";
import { api } from "../api/client.js";

function contactQuery(companyId: number, contactId: number) {
  return {
    queryKey: ["contact", companyId, contactId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/contacts/{id}", {
            params: { path: { company_id: companyId, id: contactId } },
          }),
        )
      ).contact,
    staleTime: 60_000,
  };
}

export function useQuotation(companyId: number, quotationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ["quotation", companyId, quotationId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/quotations/{id}", {
            params: { path: { company_id: companyId, id: quotationId } },
          }),
        )
      ).quotation,
    enabled,
  });
}

/** The contact of a quotation, when it names one. */
export function useQuotationContact(companyId: number, contactId: number | null) {
  return useQuery({ ...contactQuery(companyId, contactId ?? 0), enabled: contactId !== null });
}

/** The names of the given contacts, by id, as far as they have loaded. */
export function useContactNames(companyId: number, contactIds: readonly number[]): Map<number, string> {
  const distinct = [...new Set(contactIds)];
  const answers = useQueries({ queries: distinct.map((contactId) => contactQuery(companyId, contactId)) });
  const names = new Map<number, string>();
  answers.forEach((answer, index) => {
    const id = distinct[index];
    if (id !== undefined && answer.data?.name != null) names.set(id, answer.data.name);
  });
  return names;
}
