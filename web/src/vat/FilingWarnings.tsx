/**
 * What to look at before filing an open period, each with the way to it: concept invoices dated
 * in the period (they count only once published), payments the books do not account for yet (an
 * expense never entered misses its input VAT), and the box 1e lines of documents without a
 * customer country (Kasboek counts such a customer as Dutch; one abroad belongs in 3b and on the
 * ICP return). The counts are the server's (X-Total).
 */
import { Link } from "react-router";
import { shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";
import { useFilingWarnings, type VatReturn } from "./queries.js";

interface FilingWarningsProps {
  companyId: number;
  vatReturn: VatReturn;
  /** the address of the 1e lines without a customer country */
  withoutCountryPath: string;
}

export function FilingWarnings({ companyId, vatReturn, withoutCountryPath }: FilingWarningsProps) {
  const t = useT();
  const { concepts, unbooked, withoutCountry } = useFilingWarnings(companyId, vatReturn);
  const all = [concepts, unbooked, withoutCountry];
  const failed = all.find((query) => query.isError);
  const conceptsPath =
    `/${companyId}/invoices?` +
    new URLSearchParams({ selection: "concept", from: vatReturn.from, till: vatReturn.till }).toString();
  const warnings = [
    (concepts.data ?? 0) > 0 && (
      <li key="concepts">
        {t("vat.warning.concepts", { count: concepts.data ?? 0 })}{" "}
        <Link to={conceptsPath}>{t("vat.warning.conceptsLink")}</Link>
      </li>
    ),
    (unbooked.data ?? 0) > 0 && (
      <li key="unbooked">
        {t("vat.warning.unbooked", { count: unbooked.data ?? 0 })}{" "}
        <Link to={`/${companyId}/payments`}>{t("vat.warning.unbookedLink")}</Link>
      </li>
    ),
    (withoutCountry.data ?? 0) > 0 && (
      <li key="country">
        {t("vat.warning.withoutCountry", { count: withoutCountry.data ?? 0 })}{" "}
        <Link to={withoutCountryPath}>{t("vat.warning.withoutCountryLink")}</Link>
      </li>
    ),
  ].filter(Boolean);
  return (
    <section className="vat-warnings" aria-labelledby="vat-warnings-heading">
      <h2 id="vat-warnings-heading">{t("vat.warnings")}</h2>
      {failed !== undefined && <ErrorBanner error={shownError(failed.error)} retry={() => void failed.refetch()} />}
      {all.some((query) => query.isPending) ? (
        <p className="loading">{t("vat.warningsLoading")}</p>
      ) : warnings.length === 0 ? (
        <p className="vat-all-clear">{t("vat.noWarnings")}</p>
      ) : (
        <ul className="vat-warning-list">{warnings}</ul>
      )}
    </section>
  );
}
