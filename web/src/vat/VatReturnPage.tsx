/**
 * `/app/{company}/vat/{period}`: a period's VAT return as the form shows it, the lines behind a
 * box (`?box=1a`, paged), what to check before filing, the filing itself, and the ICP return
 * beside it. Invariants: the periods to choose from are the server's (in the company's return
 * length); every amount and count is the server's, shown as it answered; a filed period shows
 * when it was filed and offers no filing; a refused filing shows the server's words and the
 * period is read again, so a return someone else filed meanwhile shows as filed.
 */
import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useCompanyId } from "../app/queries.js";
import { formatDate } from "../format.js";
import { useLanguage } from "../i18n/i18n.js";
import { Banner, ErrorBanner, QueryPending } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { BoxesTable, SECTIONS } from "./BoxesTable.js";
import { BoxLines } from "./BoxLines.js";
import { FileReturn, type FilingOutcome, ReturnTotal } from "./FileReturn.js";
import { FilingWarnings } from "./FilingWarnings.js";
import { IcpPanel } from "./IcpPanel.js";
import { defaultPeriod, type Place, periodLabel, placeOf } from "./periods.js";
import {
  type BoxName,
  type LineSelection,
  useOldestPeriod,
  useVatReturn,
  useVatReturnPeriods,
  type VatReturn,
  type VatReturnPeriod,
} from "./queries.js";

const BOXES: readonly string[] = SECTIONS.flatMap((section) => section.boxes);
const readBox = (value: string | null): BoxName | null =>
  value !== null && BOXES.includes(value) ? (value as BoxName) : null;

export function VatReturnPage() {
  const { t, language } = useLanguage();
  const companyId = useCompanyId();
  const period = useParams().period ?? "";
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const box = readBox(search.get("box"));
  const selection: LineSelection = search.get("selection") === "without_country" ? "without_country" : "all";
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const periods = useVatReturnPeriods(companyId);
  const oldest = useOldestPeriod(companyId, periods.data?.total);
  const vatReturn = useVatReturn(companyId, period);
  const [outcome, setOutcome] = useState<FilingOutcome | null>(null);
  const base = `/${companyId}/vat`;

  // no period asked for: the last one that is over, once the server has listed them
  const chosen = period === "" && periods.data !== undefined ? defaultPeriod(periods.data.items) : null;
  useEffect(() => {
    if (chosen !== null) navigate(`${base}/${chosen}`, { replace: true });
  }, [chosen, base, navigate]);

  const label = period === "" ? "" : periodLabel(period, language, t);
  if (periods.isError || periods.data === undefined) return <QueryPending query={periods} />;
  const listed = periods.data.items;

  const linesPath = (of: BoxName, only: LineSelection = "all") =>
    `?${new URLSearchParams(only === "all" ? { box: of } : { box: of, selection: only }).toString()}`;

  return (
    <>
      <div className="page-head">
        <h1>{period === "" ? t("vat.title") : t("vat.heading", { period: label })}</h1>
        {listed.length > 0 && (
          <PeriodChoice periods={listed} period={period} onChoose={(next) => navigate(`${base}/${next}`)} />
        )}
      </div>
      {listed.length === 0 ? (
        <p className="vat-empty">{t("vat.noPostings")}</p>
      ) : period === "" ? null : vatReturn.isError || vatReturn.data === undefined ? (
        <QueryPending query={vatReturn} />
      ) : (
        <div className="vat-layout">
          <div className="vat-top">
            <Status
              vatReturn={vatReturn.data}
              place={placeOf(vatReturn.data, listed, oldest.data ?? null)}
              label={label}
              companyId={companyId}
              onOutcome={setOutcome}
            />
            {outcome !== null &&
              outcome.period === period &&
              (outcome.filed ? (
                <Banner kind="ok">{t("vat.filed", { period: label })}</Banner>
              ) : (
                <ErrorBanner error={outcome.error} />
              ))}
            {vatReturn.data.state === "open" && (
              <FilingWarnings
                companyId={companyId}
                vatReturn={vatReturn.data}
                withoutCountryPath={linesPath("1e", "without_country")}
              />
            )}
          </div>
          <section className="vat-panel vat-boxes-panel" aria-labelledby="vat-boxes-heading">
            <h2 id="vat-boxes-heading">{t("vat.boxes")}</h2>
            <BoxesTable vatReturn={vatReturn.data} openBox={box} linesPath={(of) => linesPath(of)} />
            <p className="hint">{t(`vat.rounding.${vatReturn.data.rounding}`)}</p>
            {box !== null && (
              <BoxLines
                key={`${period}-${box}-${selection}`}
                companyId={companyId}
                period={period}
                box={box}
                selection={selection}
                page={page}
                onPage={(next) => {
                  const params = new URLSearchParams(search);
                  params.set("page", String(next));
                  setSearch(params);
                }}
                allLinesPath={linesPath(box)}
                closePath={`${base}/${period}`}
              />
            )}
          </section>
          <IcpPanel companyId={companyId} period={period} />
        </div>
      )}
    </>
  );
}

function PeriodChoice(props: {
  periods: readonly VatReturnPeriod[];
  period: string;
  onChoose: (period: string) => void;
}) {
  const { t, language } = useLanguage();
  const known = props.periods.some((listed) => listed.period === props.period);
  const stateOf = (listed: VatReturnPeriod) =>
    listed.state === "filed" ? t("vat.choice.filed") : t(`vat.choice.${listed.timing}`);
  return (
    <Field label={t("vat.period")} className="vat-period">
      <select value={props.period} onChange={(event) => props.onChoose(event.target.value)}>
        {!known && <option value={props.period}>{periodLabel(props.period, language, t)}</option>}
        {props.periods.map((listed) => (
          <option key={listed.period} value={listed.period}>
            {`${periodLabel(listed.period, language, t)} · ${stateOf(listed)}`}
          </option>
        ))}
      </select>
    </Field>
  );
}

interface StatusProps {
  vatReturn: VatReturn;
  place: Place;
  label: string;
  companyId: number;
  onOutcome: (outcome: FilingOutcome) => void;
}

/** Where the period stands: its dates, filed (when) or open (and whether it can be filed yet), and 5g. */
function Status({ vatReturn, place, label, companyId, onOutcome }: StatusProps) {
  const { t } = useLanguage();
  const dates = { from: formatDate(vatReturn.from), till: formatDate(vatReturn.till) };
  const filed = vatReturn.state === "filed";
  return (
    <section className="vat-status" aria-label={t("vat.status")}>
      <p>
        <span className={`badge ${filed ? "published" : "concept"}`}>
          {filed ? t("vat.state.filed") : t("vat.state.open")}
        </span>{" "}
        {t("vat.dates", dates)}
      </p>
      <ReturnTotal vatReturn={vatReturn} className="vat-total" testId="vat-total" />
      {filed ? (
        <p data-testid="filed-at">
          {t("vat.filedAt", {
            date: formatDate(vatReturn.filed_at),
            time: (vatReturn.filed_at ?? "").slice(11, 16),
          })}
        </p>
      ) : (
        <>
          {place.beforeBooks && <p className="vat-note">{t("vat.beforeBooks")}</p>}
          {place.timing === "current" && <p className="vat-note">{t("vat.running", dates)}</p>}
          {place.timing === "future" && <p className="vat-note">{t("vat.notBegun", dates)}</p>}
          {place.timing === "past" && (
            <div className="actions">
              <FileReturn companyId={companyId} vatReturn={vatReturn} label={label} onOutcome={onOutcome} />
              <p className="hint">{t("vat.fileHint")}</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
