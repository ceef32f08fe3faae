/**
 * Server state of the VAT return page: the periods to choose from, a period's return and ICP
 * return, the lines behind a box, the counts the warnings before filing are made of, and the
 * filing itself. Every figure is the server's: counts come from X-Total, amounts as answered.
 */
import { type FetchResult, type Schema, unwrap } from "@kasboek/client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, totalOf } from "../api/client.js";
import { MAX_PER_PAGE } from "../app/queries.js";

export type VatReturn = Schema<"VatReturn">;
export type VatReturnPeriod = Schema<"VatReturnPeriod">;
export type VatReturnLine = Schema<"VatReturnLine">;
export type IcpReturn = Schema<"IcpReturn">;
export type BoxName = keyof VatReturn["boxes"];
export type LineSelection = "all" | "without_country";

export const LINES_PER_PAGE = 25;

/** The periods newest first, the first hundred (over eight years of months), and how many there are. */
export function useVatReturnPeriods(companyId: number) {
  return useQuery({
    queryKey: ["vat_return_periods", companyId],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/vat_return_periods", {
        params: { path: { company_id: companyId }, query: { per_page: MAX_PER_PAGE } },
      });
      const data = await unwrap(result);
      return { items: data.vat_return_periods, total: totalOf(result.response, data.vat_return_periods.length) };
    },
  });
}

/** The oldest period of the list, when it is past the first hundred (so not among them). */
export function useOldestPeriod(companyId: number, total: number | undefined) {
  return useQuery({
    queryKey: ["vat_return_periods", companyId, "oldest", total],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/vat_return_periods", {
            params: { path: { company_id: companyId }, query: { per_page: 1, page: total ?? 1 } },
          }),
        )
      ).vat_return_periods[0] ?? null,
    enabled: total !== undefined && total > MAX_PER_PAGE,
  });
}

export function useVatReturn(companyId: number, period: string) {
  return useQuery({
    queryKey: ["vat_return", companyId, period],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/vat_returns/{period}", {
            params: { path: { company_id: companyId, period } },
          }),
        )
      ).vat_return,
    enabled: period !== "",
  });
}

export function useIcpReturn(companyId: number, period: string) {
  return useQuery({
    queryKey: ["icp_return", companyId, period],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/icp_returns/{period}", {
            params: { path: { company_id: companyId, period } },
          }),
        )
      ).icp_return,
    enabled: period !== "",
  });
}

export function useBoxLines(companyId: number, period: string, box: BoxName, selection: LineSelection, page: number) {
  return useQuery({
    queryKey: ["vat_return_lines", companyId, period, { box, selection, page }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/vat_returns/{period}/lines", {
        params: {
          path: { company_id: companyId, period },
          query: { box, selection, page, per_page: LINES_PER_PAGE },
        },
      });
      const data = await unwrap(result);
      return { items: data.vat_return_lines, total: totalOf(result.response, data.vat_return_lines.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** The names of the accounts the lines are booked on (the API's `search[paths]`), by path. */
export function useAccountNames(companyId: number, paths: readonly string[]) {
  const wanted = [...new Set(paths)].sort();
  return useQuery({
    queryKey: ["accounts", companyId, "paths", wanted],
    queryFn: async () => {
      const accounts = (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/accounts", {
            params: { path: { company_id: companyId }, query: { "search[paths][]": wanted, per_page: MAX_PER_PAGE } },
          }),
        )
      ).accounts;
      return new Map(accounts.map((account) => [account.path, account.name]));
    },
    enabled: wanted.length > 0,
    staleTime: 5 * 60 * 1000,
  });
}

/** What a list holds by its X-Total alone. */
async function counted(request: Promise<FetchResult<unknown>>): Promise<number> {
  const result = await request;
  await unwrap(result);
  return totalOf(result.response, 0);
}

/**
 * The counts behind the warnings before filing: concept invoices dated in the period, payments
 * not yet booked (the API lists them without dates, so all of them), and the lines of box 1e
 * whose document had no customer country (counted as Dutch where 3b may have been meant).
 */
export function useFilingWarnings(companyId: number, vatReturn: VatReturn) {
  const { period, from, till } = vatReturn;
  const concepts = useQuery({
    queryKey: ["sales_invoices", companyId, { selection: "concept", from, till, count: true }],
    queryFn: () =>
      counted(
        api.GET("/api/v1/companies/{company_id}/sales_invoices", {
          params: {
            path: { company_id: companyId },
            query: { selection: "concept", "search[from]": from, "search[till]": till, per_page: 1 },
          },
        }),
      ),
  });
  const unbooked = useQuery({
    queryKey: ["payments", companyId, { selection: "unbooked", count: true }],
    queryFn: () =>
      counted(
        api.GET("/api/v1/companies/{company_id}/payments", {
          params: { path: { company_id: companyId }, query: { selection: "unbooked", per_page: 1 } },
        }),
      ),
  });
  const withoutCountry = useQuery({
    queryKey: ["vat_return_lines", companyId, period, { box: "1e", selection: "without_country", count: true }],
    queryFn: () =>
      counted(
        api.GET("/api/v1/companies/{company_id}/vat_returns/{period}/lines", {
          params: {
            path: { company_id: companyId, period },
            query: { box: "1e", selection: "without_country", per_page: 1 },
          },
        }),
      ),
  });
  return { concepts, unbooked, withoutCountry };
}

/** Filing a period; afterwards (or after a refusal) the period, its lines and the list are read again. */
export function useFileVatReturn(companyId: number) {
  const queryClient = useQueryClient();
  const reload = () => {
    for (const key of ["vat_return", "vat_return_periods", "vat_return_lines"]) {
      void queryClient.invalidateQueries({ queryKey: [key, companyId] });
    }
  };
  return useMutation({
    mutationFn: async (period: string) =>
      (
        await unwrap(
          api.POST("/api/v1/companies/{company_id}/vat_returns", {
            params: { path: { company_id: companyId } },
            body: { vat_return: { period } },
          }),
        )
      ).vat_return,
    onSettled: reload,
  });
}
