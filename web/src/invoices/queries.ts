/** What the invoice editor asks the API for besides the invoice: the accounts a line may be booked on. */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.js";
import { MAX_PER_PAGE } from "../app/queries.js";

/** The company's revenue accounts (the API's `selection=revenue`), for the line's account picker. */
export function useRevenueAccounts(companyId: number) {
  return useQuery({
    queryKey: ["accounts", companyId, "revenue"],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/accounts", {
            params: { path: { company_id: companyId }, query: { selection: "revenue", per_page: MAX_PER_PAGE } },
          }),
        )
      ).accounts,
    staleTime: 5 * 60 * 1000,
  });
}
