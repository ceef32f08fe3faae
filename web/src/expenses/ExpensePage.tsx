/** `/app/{company}/expenses/new` and `/app/{company}/expenses/{id}`: the editor for a concept, the view once published. */
import { unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api } from "../api/client.js";
import { useCompanyId } from "../app/queries.js";
import { QueryPending } from "../ui/Banner.js";
import { ExpenseEditor } from "./ExpenseEditor.js";
import { ExpenseView } from "./ExpenseView.js";

export function ExpensePage() {
  const companyId = useCompanyId();
  const expenseId = Number(useParams().expenseId ?? "");
  const creating = !(expenseId > 0);
  const expense = useQuery({
    queryKey: ["expense", companyId, expenseId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/expenses/{id}", {
            params: { path: { company_id: companyId, id: expenseId } },
          }),
        )
      ).expense,
    enabled: !creating,
  });
  if (creating) return <ExpenseEditor key="new" companyId={companyId} expense={null} />;
  if (expense.isError || expense.data === undefined) return <QueryPending query={expense} />;
  if (expense.data.state === "concept") {
    return <ExpenseEditor key={expense.data.id} companyId={companyId} expense={expense.data} />;
  }
  return <ExpenseView companyId={companyId} expense={expense.data} />;
}
