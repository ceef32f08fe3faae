/**
 * The reports as the app asks for them, through the typed client and TanStack Query: each a GET of
 * the public API's `…/reports/…` with explicit dates, cached per company and per question. Every
 * amount is the server's decimal string; nothing here adds one up. Reports change with every
 * posting elsewhere, so they are asked again on each visit (staleTime 0) while the last answer
 * stays on screen.
 */
import { type Schema, unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, totalOf } from "../api/client.js";

export type ReportNode = Schema<"ReportNode">;
export type ProfitAndLoss = Schema<"ProfitAndLoss">;
export type BalanceSheet = Schema<"BalanceSheet">;
export type OpenItems = Schema<"Receivables">;

const FRESH = { staleTime: 0, placeholderData: keepPreviousData } as const;

export function useProfitAndLoss(companyId: number, from: string, till: string, months = false, enabled = true) {
  return useQuery({
    queryKey: ["reports", companyId, "profit_and_loss", { from, till, months }],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/reports/profit_and_loss", {
            params: {
              path: { company_id: companyId },
              query: { from, till, ...(months ? { breakdown: "month" as const } : {}) },
            },
          }),
        )
      ).profit_and_loss,
    enabled,
    ...FRESH,
  });
}

export function useBalanceSheet(companyId: number, date: string, enabled = true) {
  return useQuery({
    queryKey: ["reports", companyId, "balance_sheet", { date }],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/reports/balance_sheet", {
            params: { path: { company_id: companyId }, query: { date } },
          }),
        )
      ).balance_sheet,
    enabled,
    ...FRESH,
  });
}

export function useTrialBalance(companyId: number, date: string) {
  return useQuery({
    queryKey: ["reports", companyId, "trial_balance", { date }],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/reports/trial_balance", {
            params: { path: { company_id: companyId }, query: { date } },
          }),
        )
      ).trial_balance,
    ...FRESH,
  });
}

export const LEDGER_PER_PAGE = 100;

/** One page of an account's general ledger, with the server's count of its lines (X-Total). */
export async function fetchGeneralLedger(
  companyId: number,
  accountId: number,
  from: string,
  till: string,
  page: number,
) {
  const result = await api.GET("/api/v1/companies/{company_id}/reports/general_ledger", {
    params: {
      path: { company_id: companyId },
      query: { account_id: accountId, from, till, page, per_page: LEDGER_PER_PAGE },
    },
  });
  const data = await unwrap(result);
  return { report: data.general_ledger, total: totalOf(result.response, data.general_ledger.movements.length) };
}

export function useGeneralLedger(
  companyId: number,
  accountId: number | null,
  from: string,
  till: string,
  page: number,
) {
  return useQuery({
    queryKey: ["reports", companyId, "general_ledger", { accountId, from, till, page }],
    queryFn: () => fetchGeneralLedger(companyId, accountId ?? 0, from, till, page),
    enabled: accountId !== null,
    ...FRESH,
  });
}

export type OpenItemsKind = "receivables" | "payables";

/** Receivables or payables on `date`; `summary`: only the totals by age (quick at any size). */
export function useOpenItems(companyId: number, kind: OpenItemsKind, date: string, summary = false) {
  return useQuery({
    queryKey: ["reports", companyId, kind, { date, summary }],
    queryFn: async () => {
      const options = { params: { path: { company_id: companyId }, query: { date, ...(summary ? { summary } : {}) } } };
      if (kind === "receivables") {
        return (await unwrap(api.GET("/api/v1/companies/{company_id}/reports/receivables", options))).receivables;
      }
      return (await unwrap(api.GET("/api/v1/companies/{company_id}/reports/payables", options))).payables;
    },
    ...FRESH,
  });
}

export function useMileage(companyId: number, year: number) {
  return useQuery({
    queryKey: ["reports", companyId, "mileage", { year }],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/reports/mileage", {
            params: { path: { company_id: companyId }, query: { year } },
          }),
        )
      ).mileage,
    ...FRESH,
  });
}
