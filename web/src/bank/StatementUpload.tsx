/**
 * Importing a bank statement: a CAMT.053 or MT940 file dropped on the zone or chosen in its file
 * field (labelled, reachable by keyboard), sent as the API's base64 attachment. What the server
 * answers is what the page says: the transactions, how many were new, matched at once and known
 * already, the closing balance and the difference with the books. A file the server refuses is
 * shown with the server's own sentence, in the reader's language (api/client.ts asks for it);
 * the server then stored nothing.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId, useState } from "react";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Money } from "./Money.js";
import { afterImport, type BankStatement, importStatement } from "./queries.js";
import { Refusal } from "./Refusal.js";

/** What the file field offers; a drop takes any file and the server judges it. */
const STATEMENT_ACCEPT = ".xml,.camt,.053,.sta,.mt940,.940,.txt,.asc,text/xml,application/xml,text/plain";

export function StatementUpload({ companyId }: { companyId: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => importStatement(companyId, file),
    onSuccess: () => afterImport(queryClient, companyId),
  });
  const take = (file: File | undefined) => {
    if (file !== undefined && !upload.isPending) upload.mutate(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  const name = upload.variables?.name ?? "";

  return (
    <section className="bank-upload" aria-labelledby="bank-upload-heading">
      <h2 id="bank-upload-heading">{t("bank.upload.title")}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer's shortcut; the file field inside is everyone's way */}
      <div
        className={`drop-zone bank-drop${dragging ? " dragging" : ""}`}
        data-testid="statement-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor={inputId}>{t("bank.upload.choose")}</label>
        <input
          id={inputId}
          type="file"
          accept={STATEMENT_ACCEPT}
          aria-describedby={hintId}
          disabled={upload.isPending}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <p className="hint" id={hintId}>
          {t("bank.upload.hint")}
        </p>
      </div>
      {upload.isPending && (
        <p className="loading" role="status">
          {t("bank.upload.busy", { name })}
        </p>
      )}
      {upload.isError && (
        <Refusal
          error={upload.error}
          retry={() => take(upload.variables)}
          lead={<p>{t("bank.upload.refused", { name })}</p>}
        />
      )}
      {upload.isSuccess && <ImportResult statement={upload.data} name={name} />}
    </section>
  );
}

function ImportResult({ statement, name }: { statement: BankStatement; name: string }) {
  const t = useT();
  const differs = !/^-?0(\.0+)?$/.test(statement.ledger_difference);
  return (
    <div className="banner ok bank-result" role="status" data-testid="import-result">
      <h3>{t("bank.result.title", { name: statement.attachment_file_name ?? name })}</h3>
      <dl className="facts">
        <dt>{t("bank.result.account")}</dt>
        <dd>{statement.iban}</dd>
        <dt>{t("bank.result.period")}</dt>
        <dd>{t("bank.result.periodValue", { from: formatDate(statement.from), till: formatDate(statement.till) })}</dd>
        <dt>{t("bank.result.transactions")}</dt>
        <dd data-testid="count-transactions">{statement.transactions_count}</dd>
        <dt>{t("bank.result.new")}</dt>
        <dd data-testid="count-new">{statement.new_count}</dd>
        <dt>{t("bank.result.matched")}</dt>
        <dd data-testid="count-matched">{statement.matched_count}</dd>
        <dt>{t("bank.result.duplicates")}</dt>
        <dd data-testid="count-duplicates">{statement.duplicates_count}</dd>
        <dt>{t("bank.result.closing")}</dt>
        <dd>
          <Money amount={statement.closing_balance} />
        </dd>
        <dt>{t("bank.result.difference")}</dt>
        <dd data-testid="ledger-difference">
          <Money amount={statement.ledger_difference} />
        </dd>
      </dl>
      {differs && <p className="hint">{t("bank.result.differenceHint")}</p>}
    </div>
  );
}
