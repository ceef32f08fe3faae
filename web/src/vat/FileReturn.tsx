/**
 * Filing an open period that is over, after a confirmation (a modal dialog) that says what it
 * does: the return is kept as it stands, the VAT is settled in the books and the period locks, so
 * nothing dated in it can be booked afterwards. What the server then says — filed, or refused
 * because someone filed it meanwhile — goes back to the page, which reads the period again.
 */
import { KasboekError } from "@kasboek/client";
import { useId, useRef } from "react";
import { type ShownError, shownError } from "../api/errors.js";
import { formatDate } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { formatWholeEuros, signOf } from "./amounts.js";
import { useFileVatReturn, type VatReturn } from "./queries.js";

/** Box 5g as filed, as the server answered it, and what it means: to pay, or to reclaim. */
export function ReturnTotal(props: { vatReturn: VatReturn; className: string; testId?: string }) {
  const { vatReturn, className, testId } = props;
  const t = useT();
  const total = vatReturn.boxes["5g"].vat_filed;
  const sign = signOf(total);
  return (
    <p className={className}>
      {t("vat.total")} <strong data-testid={testId}>{formatWholeEuros(total)}</strong>
      {sign !== 0 && ` (${sign < 0 ? t("vat.toReclaim") : t("vat.toPay")})`}
    </p>
  );
}

export type FilingOutcome = { period: string } & ({ filed: true } | { filed: false; error: ShownError });

/** A refusal as the reader reads it: the server's whole sentence, which names the period. */
function refusalOf(failure: unknown): ShownError {
  if (failure instanceof KasboekError && failure.status < 500 && failure.type !== null) {
    return { fields: {}, banner: { text: failure.message }, retryable: false };
  }
  return shownError(failure);
}

interface FileReturnProps {
  companyId: number;
  vatReturn: VatReturn;
  label: string;
  onOutcome: (outcome: FilingOutcome) => void;
}

export function FileReturn({ companyId, vatReturn, label, onOutcome }: FileReturnProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const filing = useFileVatReturn(companyId);
  const file = () => {
    dialog.current?.close();
    filing.mutate(vatReturn.period, {
      onSuccess: () => onOutcome({ period: vatReturn.period, filed: true }),
      onError: (failure) => onOutcome({ period: vatReturn.period, filed: false, error: refusalOf(failure) }),
    });
  };
  return (
    <>
      <button type="button" className="publish" disabled={filing.isPending} onClick={() => dialog.current?.showModal()}>
        {filing.isPending ? t("vat.filing") : t("vat.file")}
      </button>
      <dialog ref={dialog} className="vat-confirm" aria-labelledby={headingId}>
        <h2 id={headingId}>{t("vat.confirmTitle", { period: label })}</h2>
        <p>{t("vat.confirmLock", { from: formatDate(vatReturn.from), till: formatDate(vatReturn.till) })}</p>
        <ReturnTotal vatReturn={vatReturn} className="vat-confirm-total" />
        <p className="hint">{t("vat.confirmElsewhere")}</p>
        <div className="actions">
          <button type="button" className="publish" onClick={file}>
            {t("vat.confirmFile")}
          </button>
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            {t("action.cancel")}
          </button>
        </div>
      </dialog>
    </>
  );
}
