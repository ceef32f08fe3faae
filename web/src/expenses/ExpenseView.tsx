/**
 * A published expense: its number, supplier, date and account, its lines with the server's
 * amounts, and the receipt beside it (more receipts can still be added). Published, it no longer
 * changes: a correction is a credit note from the supplier.
 */
import { useState } from "react";
import { formatAmount, formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner } from "../ui/Banner.js";
import { useArrival } from "../ui/useArrival.js";
import { ReceiptPanel } from "./ReceiptPanel.js";
import type { Expense } from "./status.js";

export function ExpenseView({ companyId, expense }: { companyId: number; expense: Expense }) {
  const t = useT();
  const arrival = useArrival();
  const [pending, setPending] = useState<File | null>(null);
  const contact = expense.cached_contact;
  return (
    <>
      <div className="page-head">
        <h1>{t("expense.title", { number: expense.invoice_number ?? "" })}</h1>
        <span className="badge published">{t("expenses.published")}</span>
      </div>
      <div className="expense-layout">
        <article className="expense-view">
          {arrival === "saved" && <Banner kind="ok">{t("saved")}</Banner>}
          <div className="summary">
            <section aria-labelledby="supplier-heading">
              <h2 id="supplier-heading">{t("expense.supplier")}</h2>
              <address>
                {[contact?.name, contact?.address, [contact?.zipcode, contact?.city].filter(Boolean).join(" ")]
                  .filter((line) => line !== undefined && line !== null && line !== "")
                  .map((line) => (
                    <span key={line} className="address-line">
                      {line}
                    </span>
                  ))}
                {contact === null && t("expense.noSupplierShown")}
              </address>
            </section>
            <dl className="facts">
              <dt>{t("expense.date")}</dt>
              <dd>{formatDate(expense.date)}</dd>
              <dt>{t("expense.account")}</dt>
              <dd>{expense.type_account?.name}</dd>
            </dl>
          </div>
          <section aria-labelledby="lines-heading">
            <h2 id="lines-heading">{t("invoice.lines")}</h2>
            <table className="list lines">
              <thead>
                <tr>
                  <th scope="col">{t("invoice.lineDescription")}</th>
                  <th scope="col" className="amount wide-only">
                    {t("invoice.withoutVat")}
                  </th>
                  <th scope="col" className="amount wide-only">
                    {t("invoice.vatAmount")}
                  </th>
                  <th scope="col" className="amount">
                    {t("invoice.lineTotal")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {expense.invoice_lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.description}</td>
                    <td className="amount wide-only">{formatAmount(line.price_without_vat)}</td>
                    <td className="amount wide-only">{formatAmount(line.vat_amount)}</td>
                    <td className="amount" data-testid="line-total">
                      {formatAmount(line.price_with_vat)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </article>
        <ReceiptPanel companyId={companyId} expenseId={expense.id} pending={pending} onPending={setPending} />
      </div>
    </>
  );
}
