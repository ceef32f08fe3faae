/** The statements imported before, newest first, a page at a time: the server's counts and difference. */
import { useState } from "react";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { Pager } from "../ui/Pager.js";
import { Money } from "./Money.js";
import { STATEMENTS_PER_PAGE, useStatements } from "./queries.js";

export function StatementList({ companyId }: { companyId: number }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const statements = useStatements(companyId, page);

  return (
    <section className="bank-statements" aria-labelledby="bank-statements-heading">
      <h2 id="bank-statements-heading">{t("bank.statements.title")}</h2>
      {statements.data === undefined ? (
        <QueryPending query={statements} />
      ) : statements.data.items.length === 0 ? (
        <p>{t("bank.statements.none")}</p>
      ) : (
        <table className="list bank-statement-list">
          <thead>
            <tr>
              <th scope="col">{t("bank.statements.file")}</th>
              <th scope="col" className="wide-only">
                {t("bank.result.account")}
              </th>
              <th scope="col" className="wide-only">
                {t("bank.result.period")}
              </th>
              <th scope="col" className="amount wide-only">
                {t("bank.result.transactions")}
              </th>
              <th scope="col" className="amount">
                {t("bank.statements.new")}
              </th>
              <th scope="col" className="amount">
                {t("bank.statements.matched")}
              </th>
              <th scope="col" className="amount">
                {t("bank.statements.duplicates")}
              </th>
              <th scope="col" className="amount wide-only">
                {t("bank.statements.difference")}
              </th>
            </tr>
          </thead>
          <tbody>
            {statements.data.items.map((statement) => (
              <tr key={statement.id}>
                <td>
                  <span className="file-name">{statement.attachment_file_name ?? t("bank.statements.noName")}</span>
                  <span className="narrow-only">
                    {t("bank.result.periodValue", {
                      from: formatDate(statement.from),
                      till: formatDate(statement.till),
                    })}
                  </span>
                </td>
                <td className="wide-only">{statement.iban}</td>
                <td className="wide-only">
                  {t("bank.result.periodValue", { from: formatDate(statement.from), till: formatDate(statement.till) })}
                </td>
                <td className="amount wide-only">{statement.transactions_count}</td>
                <td className="amount">{statement.new_count}</td>
                <td className="amount">{statement.matched_count}</td>
                <td className="amount">{statement.duplicates_count}</td>
                <td className="amount wide-only">
                  <Money amount={statement.ledger_difference} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {statements.data !== undefined && (
        <Pager page={page} perPage={STATEMENTS_PER_PAGE} total={statements.data.total} onPage={setPage} />
      )}
    </section>
  );
}
