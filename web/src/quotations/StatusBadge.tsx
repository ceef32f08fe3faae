/** A quotation's status as a badge, in the reader's language. */
import { useT } from "../i18n/i18n.js";
import type { QuotationStatus } from "./status.js";

export function StatusBadge({ status, className }: { status: QuotationStatus; className?: string }) {
  const t = useT();
  return (
    <span className={`badge quotation-${status}${className === undefined ? "" : ` ${className}`}`}>
      {t(`quotationStatus.${status}`)}
    </span>
  );
}
