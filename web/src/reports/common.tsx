/** What the report pages share: how a period reads, the notice of an empty report, CSV rows of a tree. */
import { formatDate, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { type Cell, csvAmount } from "./csv.js";
import type { Period } from "./periods.js";
import type { TreeRow } from "./tree.js";

export function periodText(period: Period): string {
  return `${formatDate(period.from)} – ${formatDate(period.till)}`;
}

/** Why a report has nothing to show: its period lies ahead, or nothing was booked in it. */
export function EmptyNotice({ from }: { from: string }) {
  const t = useT();
  return <>{from > todayIso() ? t("reports.future") : t("reports.nothingBooked")}</>;
}

/** A tree's rows for the CSV, all of them whatever is folded on screen: section, path, name, depth, amounts. */
export function treeCsvRows(section: string, rows: readonly TreeRow[], compared: boolean): Cell[][] {
  return rows.map((row) => [
    section,
    row.node.path ?? "",
    row.node.name ?? "",
    row.depth,
    csvAmount(row.amount ?? "0"),
    ...(compared ? [csvAmount(row.earlier ?? "0")] : []),
  ]);
}

/** A total's CSV row, beside the tree rows' columns. */
export function totalCsvRow(label: string, amount: string, earlier: string | undefined): Cell[] {
  return ["", "", label, "", csvAmount(amount), ...(earlier === undefined ? [] : [csvAmount(earlier)])];
}

/** A report's CSV file name: `winst-en-verlies-2026-01-01-2026-12-31.csv`. */
export function csvName(base: string, ...dates: string[]): string {
  return `${[base, ...dates].join("-")}.csv`;
}
