/** The company's products as the invoice line editor's picker asks for them. */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.js";
import { MAX_PER_PAGE } from "../app/queries.js";

export function useProductOptions(companyId: number) {
  return useQuery({
    queryKey: ["products", companyId, "options"],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/products", {
            params: { path: { company_id: companyId }, query: { per_page: MAX_PER_PAGE } },
          }),
        )
      ).products,
  });
}
