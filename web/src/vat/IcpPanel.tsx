/**
 * The ICP return (opgaaf intracommunautaire prestaties) of the same period, beside the VAT return:
 * goods and services per EU customer (country and VAT number, as the form wants them) in whole
 * euros, and the server's total, which is box 3b as filed. A period without any says no opgaaf is
 * needed for it.
 */
import { shownError } from "../api/errors.js";
import { useLanguage } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";
import { formatWholeEuros } from "./amounts.js";
import { type IcpReturn, useIcpReturn } from "./queries.js";

type IcpLine = IcpReturn["supplies"][number];

function countryName(code: string | null, language: string): string {
  if (code === null) return "";
  try {
    // the ICP return writes Greece as EL, its VAT prefix; the region's name is under GR
    const name = new Intl.DisplayNames([language], { type: "region" }).of(code === "EL" ? "GR" : code);
    return name === undefined || name === code ? code : `${name} (${code})`;
  } catch {
    return code;
  }
}

function IcpTable({ caption, lines }: { caption: string; lines: readonly IcpLine[] }) {
  const { t, language } = useLanguage();
  return (
    <table className="list vat-icp">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("vat.icp.country")}</th>
          <th scope="col">{t("vat.icp.vatNumber")}</th>
          <th scope="col" className="amount">
            {t("vat.icp.amount")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.country_code}-${line.vat_number}`}>
            <td>{countryName(line.country_code, language)}</td>
            <td className="vat-number">{line.vat_number}</td>
            <td className="amount">{formatWholeEuros(line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function IcpPanel({ companyId, period }: { companyId: number; period: string }) {
  const { t } = useLanguage();
  const icp = useIcpReturn(companyId, period);
  return (
    <section className="vat-panel icp" aria-labelledby="icp-heading">
      <h2 id="icp-heading">{t("vat.icp.title")}</h2>
      {icp.isError && <ErrorBanner error={shownError(icp.error)} retry={() => void icp.refetch()} />}
      {icp.isPending && <p className="loading">{t("app.loading")}</p>}
      {icp.data !== undefined &&
        (icp.data.supplies.length === 0 && icp.data.services.length === 0 ? (
          <p>{t("vat.icp.none")}</p>
        ) : (
          <>
            {icp.data.supplies.length > 0 && <IcpTable caption={t("vat.icp.supplies")} lines={icp.data.supplies} />}
            {icp.data.services.length > 0 && <IcpTable caption={t("vat.icp.services")} lines={icp.data.services} />}
            <dl className="facts">
              <dt>{t("vat.icp.total")}</dt>
              <dd data-testid="icp-total">{formatWholeEuros(icp.data.total)}</dd>
            </dl>
          </>
        ))}
    </section>
  );
}
