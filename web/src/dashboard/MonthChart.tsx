/**
 * One measure (revenue or costs) per month, this year against last year: a bar chart drawn by
 * Chart.js once its chunk has loaded (bar-chart.ts, imported on demand), and the same figures as a
 * table. The table is always there for a screen reader (visually hidden) and shown on request
 * (a toggle with aria-expanded), with a link per amount to the profit and loss of that month; a
 * click on a bar goes there too. A year without a single movement in either year shows a sentence
 * instead of empty bars. Amounts are the server's monthly figures (profit and loss, breakdown=month).
 */
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatAmount } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Amount } from "../reports/Amount.js";
import { monthPeriod } from "../reports/periods.js";
import type { ProfitAndLoss } from "../reports/queries.js";

type MonthResult = NonNullable<ProfitAndLoss["months"]>[number];

interface MonthChartProps {
  companyId: number;
  title: string;
  /** the monthly figure shown: revenue or costs */
  measure: "total_revenue" | "total_costs";
  year: number;
  current: readonly MonthResult[];
  earlier: readonly MonthResult[];
}

const TICKS = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/** The twelve months' figures of `year`; null for a month the answer does not reach (still to come). */
function byMonth(months: readonly MonthResult[], year: number, measure: MonthChartProps["measure"]) {
  const found = new Map(months.map((month) => [month.month, month[measure]]));
  return Array.from({ length: 12 }, (_, index) => found.get(`${year}-${String(index + 1).padStart(2, "0")}`) ?? null);
}

const isZero = (value: string | null) => value === null || /^-?0(\.0*)?$/.test(value);

export function MonthChart({ companyId, title, measure, year, current, earlier }: MonthChartProps) {
  const t = useT();
  const navigate = useNavigate();
  const titleId = useId();
  const tableId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [tableShown, setTableShown] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const labels = t("dashboard.monthNames").split(",");
  const thisYear = byMonth(current, year, measure);
  const lastYear = byMonth(earlier, year - 1, measure);
  const empty = thisYear.every(isZero) && lastYear.every(isZero);
  const monthPath = (forYear: number, month: number) => {
    const period = monthPeriod(forYear, month + 1);
    return `/${companyId}/reports/profit-and-loss?from=${period.from}&till=${period.till}`;
  };
  const figures = JSON.stringify([thisYear, lastYear, labels]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `figures` stands for the drawn data; the chart is drawn again only when it changes
  useEffect(() => {
    const target = canvas.current;
    if (target === null || empty) return;
    let chart: { destroy: () => void } | null = null;
    let cancelled = false;
    void import("./bar-chart.js").then(({ drawBarChart }) => {
      if (cancelled) return;
      chart = drawBarChart(target, {
        labels,
        current: { label: String(year), values: thisYear },
        earlier: { label: String(year - 1), values: lastYear },
        formatAmount,
        formatTick: (value) => TICKS.format(value),
        onBar: (series, month) => navigate(monthPath(series === 0 ? year : year - 1, month)),
      });
      setDrawn(true);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
      setDrawn(false);
    };
  }, [figures, empty]);

  return (
    <section
      className="month-chart"
      aria-labelledby={titleId}
      data-testid="month-chart"
      data-chart={empty ? "empty" : drawn ? "drawn" : "drawing"}
    >
      <h2 id={titleId}>{title}</h2>
      {empty ? (
        <p className="hint">{t("dashboard.chartEmpty", { year, earlier: year - 1 })}</p>
      ) : (
        <div className="chart-box">
          <canvas ref={canvas} role="img" aria-label={t("dashboard.chartLabel", { title })} />
        </div>
      )}
      <button
        type="button"
        className="secondary small no-print"
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? t("dashboard.hideTable") : t("dashboard.showTable")}
      </button>
      {/* hidden from sight only: a table cannot be clipped itself, so its box is */}
      <div id={tableId} className={tableShown ? "month-table" : "visually-hidden"}>
        <table className="list">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.month")}</th>
              <th scope="col" className="amount">
                {year}
              </th>
              <th scope="col" className="amount">
                {year - 1}
              </th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {[[year, thisYear[index]] as const, [year - 1, lastYear[index]] as const].map(([forYear, value]) => (
                  <td className="amount" key={forYear}>
                    {value === null || value === undefined ? (
                      ""
                    ) : tableShown ? (
                      <Link to={monthPath(forYear, index)}>
                        <Amount value={value} />
                      </Link>
                    ) : (
                      <Amount value={value} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
