/** Previous and next page of a list, with where the reader is in it (by the server's X-Total). */
import { useT } from "../i18n/i18n.js";

interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ page, perPage, total, onPage }: PagerProps) {
  const t = useT();
  if (total === 0) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <nav className="pager" aria-label={t("paging.label")}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("action.previous")}
      </button>
      <span aria-live="polite">{t("paging.range", { from, to, total })}</span>
      <button type="button" className="secondary" disabled={to >= total} onClick={() => onPage(page + 1)}>
        {t("action.next")}
      </button>
    </nav>
  );
}
