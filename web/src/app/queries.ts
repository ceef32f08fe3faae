/**
 * Server state every page shares, through TanStack Query: the user's companies, the company in
 * the URL, its VAT types and the accounts payments arrive on. Every call goes through the typed
 * client (api/client.ts); nothing here computes what the server answers.
 */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../api/client.js";

/** The most a list page holds (the API's own limit). */
export const MAX_PER_PAGE = 100;

export function useCompanies() {
  return useQuery({
    queryKey: ["companies"],
    queryFn: async () =>
      (await unwrap(api.GET("/api/v1/companies", { params: { query: { per_page: MAX_PER_PAGE } } }))).companies,
    staleTime: 5 * 60 * 1000,
  });
}

/** The company in the URL (`/app/{company_id}/…`). */
export function useCompanyId(): number {
  const { companyId } = useParams();
  return Number(companyId);
}

export function useVatTypes(companyId: number) {
  return useQuery({
    queryKey: ["vat_types", companyId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/vat_types", { params: { path: { company_id: companyId } } }),
        )
      ).vat_types,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePaymentAccounts(companyId: number) {
  return useQuery({
    queryKey: ["accounts", companyId, "payment"],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/accounts", {
            params: { path: { company_id: companyId }, query: { selection: "payment", per_page: MAX_PER_PAGE } },
          }),
        )
      ).accounts,
    staleTime: 5 * 60 * 1000,
  });
}
