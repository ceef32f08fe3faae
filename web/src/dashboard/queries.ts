/**
 * What the dashboard asks the API besides the reports (reports/queries.ts): the company's VAT
 * period, the VAT return of the period holding today, how many bank payments wait for a match, and
 * the first overdue invoices. Counts are the server's X-Total; amounts its decimal strings. The
 * query keys start as the lists' own do, so a change those pages make refreshes these too.
 */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { api, totalOf } from "../api/client.js";

export function useBookkeepingSettings(companyId: number) {
  return useQuery({
    queryKey: ["bookkeeping_settings", companyId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/bookkeeping_settings", {
            params: { path: { company_id: companyId } },
          }),
        )
      ).bookkeeping_settings,
  });
}

export function useVatReturn(companyId: number, period: string | null) {
  return useQuery({
    queryKey: ["vat_return", companyId, period],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/vat_returns/{period}", {
            params: { path: { company_id: companyId, period: period ?? "" } },
          }),
        )
      ).vat_return,
    enabled: period !== null,
    staleTime: 0,
  });
}

/** How many payments wait for a document (selection=unbooked): one item asked, the count from X-Total. */
export function useUnbookedCount(companyId: number) {
  return useQuery({
    queryKey: ["payments", companyId, { selection: "unbooked", count: true }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/payments", {
        params: { path: { company_id: companyId }, query: { selection: "unbooked", per_page: 1 } },
      });
      const data = await unwrap(result);
      return totalOf(result.response, data.payments.length);
    },
    staleTime: 0,
  });
}

export const OVERDUE_SHOWN = 5;

/** The newest overdue invoices (selection=expired: unpaid past their due date) and how many there are. */
export function useOverdueInvoices(companyId: number) {
  return useQuery({
    queryKey: ["sales_invoices", companyId, { selection: "expired", perPage: OVERDUE_SHOWN }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/sales_invoices", {
        params: { path: { company_id: companyId }, query: { selection: "expired", per_page: OVERDUE_SHOWN } },
      });
      const data = await unwrap(result);
      return { items: data.sales_invoices, total: totalOf(result.response, data.sales_invoices.length) };
    },
    staleTime: 0,
  });
}
