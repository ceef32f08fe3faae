/** The lines of a published invoice or quotation, each with the server's total; `children` follow the table. */
import type { Schema } from "@kasboek/client";
import type { ReactNode } from "react";
import { formatAmount, formatQuantity } from "../format.js";
import { useT } from "../i18n/i18n.js";

type PublishedLine = Schema<"SalesInvoice">["invoice_lines"][number];

export function PublishedLines({ lines, children }: { lines: readonly PublishedLine[]; children?: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading">{t("invoice.lines")}</h2>
      <table className="list lines">
        <thead>
          <tr>
            <th scope="col">{t("invoice.lineDescription")}</th>
            <th scope="col" className="amount">
              {t("invoice.quantity")}
            </th>
            <th scope="col" className="amount wide-only">
              {t("invoice.price")}
            </th>
            <th scope="col" className="amount">
              {t("invoice.lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.description}</td>
              <td className="amount">{formatQuantity(line.quantity)}</td>
              <td className="amount wide-only">{formatAmount(line.price_per_unit)}</td>
              <td className="amount">{formatAmount(line.price_with_vat)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </section>
  );
}
