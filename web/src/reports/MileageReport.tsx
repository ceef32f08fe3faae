/**
 * The mileage of a calendar year: business and private kilometres from the rides, the year's rate
 * and the deductible amount, as the server states them. A year without a known rate is the
 * server's refusal, shown in the reader's language.
 */
import { useSearchParams } from "react-router";
import { useCompanyId } from "../app/queries.js";
import { todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { Amount } from "./Amount.js";
import { csvName } from "./common.js";
import { csvAmount } from "./csv.js";
import { downloadCsv } from "./download.js";
import { useMileage } from "./queries.js";
import { ReportLayout } from "./ReportLayout.js";

const kilometres = (value: number) => `${value.toLocaleString("nl-NL")} km`;

export function MileageReport() {
  const t = useT();
  const companyId = useCompanyId();
  const [search, setSearch] = useSearchParams();
  const thisYear = Number(todayIso().slice(0, 4));
  const year = Number(search.get("year") ?? "") || thisYear;
  const mileage = useMileage(companyId, year);
  const report = mileage.data;
  const years = Array.from({ length: 6 }, (_, index) => thisYear - index);
  if (!years.includes(year)) years.push(year);

  return (
    <ReportLayout
      title={t("reports.mileage")}
      covers={String(year)}
      controls={
        <div className="filters">
          <Field label={t("reports.year")}>
            <select value={year} onChange={(event) => setSearch({ year: event.target.value })}>
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </Field>
        </div>
      }
      onCsv={
        report === undefined
          ? undefined
          : () =>
              downloadCsv(csvName(t("reports.file.mileage"), String(year)), [
                [
                  t("reports.year"),
                  t("reports.businessKm"),
                  t("reports.privateKm"),
                  t("reports.rate"),
                  t("reports.deductible"),
                ],
                [
                  report.year,
                  report.business_km,
                  report.private_km,
                  csvAmount(report.rate),
                  csvAmount(report.deductible_amount),
                ],
              ])
      }
    >
      {report === undefined || mileage.isError ? (
        <QueryPending query={mileage} />
      ) : (
        <dl className="facts mileage">
          <dt>{t("reports.businessKm")}</dt>
          <dd>{kilometres(report.business_km)}</dd>
          <dt>{t("reports.privateKm")}</dt>
          <dd>{kilometres(report.private_km)}</dd>
          <dt>{t("reports.rate")}</dt>
          <dd>
            <Amount value={report.rate} />
          </dd>
          <dt>{t("reports.deductible")}</dt>
          <dd data-testid="mileage-deductible">
            <Amount value={report.deductible_amount} />
          </dd>
        </dl>
      )}
    </ReportLayout>
  );
}
