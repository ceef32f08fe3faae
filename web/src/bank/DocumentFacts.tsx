/**
 * A document as a choice shows it: its name (a link to its page), its contact, and what is open
 * on it as the server says (an expense's list gives only its line totals, shown as such).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAmount } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Money } from "./Money.js";
import type { DocumentChoice } from "./queries.js";
import { documentName, documentPath } from "./words.js";

export function DocumentFacts(props: { companyId: number; document: DocumentChoice; children?: ReactNode }) {
  const { companyId, document, children } = props;
  const t = useT();
  return (
    <div className="document-facts">
      <Link className="document-name" to={documentPath(companyId, document)}>
        {documentName(t, document)}
      </Link>
      {document.contactName !== null && <span className="contact">{document.contactName}</span>}
      {document.openAmount !== null ? (
        <span className="open">
          {t("bank.suggestion.open")} <Money amount={document.openAmount} />
        </span>
      ) : (
        document.lineTotals.length > 0 && (
          <span className="open">
            {t("bank.suggestion.lines")}{" "}
            <span className="money">{document.lineTotals.map((total) => formatAmount(total)).join(" + ")}</span>
          </span>
        )
      )}
      {children}
    </div>
  );
}
