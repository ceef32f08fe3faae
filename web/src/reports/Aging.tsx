/**
 * Open items by age, as the server buckets them (not yet due, 1–30, 31–60, 61–90, over 90 days
 * past due): the buckets' words, and a table with one row per bucket and the total — upright, so
 * it reads the same on a phone. Each amount may link to the report behind it.
 */
import { Link } from "react-router";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { Amount } from "./Amount.js";
import type { OpenItems } from "./queries.js";

export const AGING_BUCKETS = ["not_due", "1_30", "31_60", "61_90", "over_90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const BUCKET_LABELS: Record<AgingBucket, MessageKey> = {
  not_due: "reports.aging.not_due",
  "1_30": "reports.aging.1_30",
  "31_60": "reports.aging.31_60",
  "61_90": "reports.aging.61_90",
  over_90: "reports.aging.over_90",
};

/** The bucket of a document so many days past due, as the server buckets it (reports/rules.ts). */
export function bucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return "not_due";
  if (daysPastDue <= 30) return "1_30";
  if (daysPastDue <= 60) return "31_60";
  if (daysPastDue <= 90) return "61_90";
  return "over_90";
}

interface AgingTableProps {
  caption: string;
  captionHidden?: boolean;
  totals: Pick<OpenItems, AgingBucket | "total">;
  /** where each amount leads; none: plain amounts */
  linkTo?: string;
  /** false: without the total row (shown elsewhere) */
  total?: boolean;
}

export function AgingTable({ caption, captionHidden = false, totals, linkTo, total = true }: AgingTableProps) {
  const t = useT();
  const amount = (value: string) =>
    linkTo === undefined ? (
      <Amount value={value} />
    ) : (
      <Link to={linkTo}>
        <Amount value={value} />
      </Link>
    );
  return (
    <table className="list aging">
      <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
      <tbody>
        {AGING_BUCKETS.map((bucket) => (
          <tr key={bucket}>
            <th scope="row">{t(BUCKET_LABELS[bucket])}</th>
            <td className="amount" data-testid={`aging-${bucket}`}>
              {amount(totals[bucket])}
            </td>
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr>
            <th scope="row">{t("reports.total")}</th>
            <td className="amount" data-testid="aging-total">
              {amount(totals.total)}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
