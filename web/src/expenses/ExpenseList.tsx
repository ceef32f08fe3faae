/**
 * The expenses of the company, filtered by the API's `selection`, a page at a time (X-Total); the
 * filter and page live in the URL. The API gives an expense no total of its own, only its lines'
 * totals, so the list shows those (the server's numbers) rather than adding them up here.
 */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useCompanyId } from "../app/queries.js";
import { formatAmount, formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { Pager } from "../ui/Pager.js";
import { useArrival } from "../ui/useArrival.js";
import {
  EXPENSE_SELECTION_LABELS,
  EXPENSE_SELECTIONS,
  EXPENSE_STATE_LABELS,
  type Expense,
  readExpenseSelection,
} from "./status.js";

const PER_PAGE = 25;

export function ExpenseList() {
  const t = useT();
  const companyId = useCompanyId();
  const [search, setSearch] = useSearchParams();
  const selection = readExpenseSelection(search.get("selection"));
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const deleted = useArrival() === "deleted";

  const expenses = useQuery({
    queryKey: ["expenses", companyId, { selection, page }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/expenses", {
        params: { path: { company_id: companyId }, query: { selection, page, per_page: PER_PAGE } },
      });
      const data = await unwrap(result);
      return { items: data.expenses, total: totalOf(result.response, data.expenses.length) };
    },
    placeholderData: keepPreviousData,
  });

  const change = (name: "selection" | "page", value: string) => {
    const next = new URLSearchParams(search);
    if (value === "" || (name === "page" && value === "1") || (name === "selection" && value === "all")) {
      next.delete(name);
    } else next.set(name, value);
    if (name !== "page") next.delete("page");
    setSearch(next);
  };

  return (
    <>
      <div className="page-head">
        <h1>{t("expenses.title")}</h1>
        <Link className="button" to={`/${companyId}/expenses/new`}>
          {t("expenses.new")}
        </Link>
      </div>
      <search className="filters">
        <Field label={t("invoices.filter")}>
          <select value={selection} onChange={(event) => change("selection", event.target.value)}>
            {EXPENSE_SELECTIONS.map((option) => (
              <option key={option} value={option}>
                {t(EXPENSE_SELECTION_LABELS[option])}
              </option>
            ))}
          </select>
        </Field>
      </search>
      {deleted && <Banner kind="ok">{t("invoice.deleted")}</Banner>}
      {expenses.isError && <ErrorBanner error={shownError(expenses.error)} retry={() => void expenses.refetch()} />}
      {expenses.isPending && <p className="loading">{t("app.loading")}</p>}
      {expenses.data !== undefined &&
        (expenses.data.items.length === 0 ? (
          <p>{t("expenses.empty")}</p>
        ) : (
          <table className="list expenses">
            <thead>
              <tr>
                <th scope="col">{t("invoices.number")}</th>
                <th scope="col">{t("expense.supplier")}</th>
                <th scope="col" className="wide-only">
                  {t("expense.date")}
                </th>
                <th scope="col" className="wide-only">
                  {t("invoices.status")}
                </th>
                <th scope="col" className="amount">
                  {t("expenses.lineTotals")}
                </th>
              </tr>
            </thead>
            <tbody>
              {expenses.data.items.map((expense) => (
                <ExpenseRow key={expense.id} companyId={companyId} expense={expense} />
              ))}
            </tbody>
          </table>
        ))}
      {expenses.data !== undefined && (
        <Pager
          page={page}
          perPage={PER_PAGE}
          total={expenses.data.total}
          onPage={(next) => change("page", String(next))}
        />
      )}
    </>
  );
}

function ExpenseRow({ companyId, expense }: { companyId: number; expense: Expense }) {
  const t = useT();
  const badge = expense.state;
  return (
    <tr>
      <td>
        <Link className="number" to={`/${companyId}/expenses/${expense.id}`}>
          {expense.invoice_number ?? t("invoices.concept")}
        </Link>
        <span className="narrow-only">{formatDate(expense.date)}</span>{" "}
        <span className={`badge ${badge} narrow-only`}>{t(EXPENSE_STATE_LABELS[expense.state])}</span>
      </td>
      <td>{expense.cached_contact?.name}</td>
      <td className="wide-only">{formatDate(expense.date)}</td>
      <td className="wide-only">
        <span className={`badge ${badge}`}>{t(EXPENSE_STATE_LABELS[expense.state])}</span>
      </td>
      <td className="amount">
        {expense.invoice_lines.map((line) => (
          <span key={line.id} className="line-amount">
            {formatAmount(line.price_with_vat)}
          </span>
        ))}
      </td>
    </tr>
  );
}
