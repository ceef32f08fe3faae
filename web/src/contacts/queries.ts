/** The company's contacts as pickers and lists ask for them. */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../api/client.js";
import { MAX_PER_PAGE } from "../app/queries.js";

/** Up to a page of contacts for a picker, matching `text` when given (the API's search[q]). */
export function useContactOptions(companyId: number, text = "") {
  return useQuery({
    queryKey: ["contacts", companyId, "options", text],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/contacts", {
            params: {
              path: { company_id: companyId },
              query: { per_page: MAX_PER_PAGE, ...(text === "" ? {} : { "search[q]": text }) },
            },
          }),
        )
      ).contacts,
    placeholderData: keepPreviousData,
  });
}
