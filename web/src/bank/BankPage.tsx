/**
 * The bank page (`/app/{company}/bank`): import a statement, work the queue of payments it left
 * unbooked, and the statements imported before. Everything shown is the server's.
 */
import { useCompanyId } from "../app/queries.js";
import { useT } from "../i18n/i18n.js";
import { MatchingQueue } from "./MatchingQueue.js";
import { StatementList } from "./StatementList.js";
import { StatementUpload } from "./StatementUpload.js";

export function BankPage() {
  const t = useT();
  const companyId = useCompanyId();
  return (
    <div className="bank-page">
      <div className="page-head">
        <h1>{t("bank.title")}</h1>
      </div>
      <p className="hint">{t("bank.intro")}</p>
      <StatementUpload companyId={companyId} />
      <MatchingQueue companyId={companyId} />
      <StatementList companyId={companyId} />
    </div>
  );
}
