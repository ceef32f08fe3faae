/**
 * The ledger lines behind one box of a period's return (the API's `…/lines?box=`), a page at a
 * time, each with the document it came from: a link to the invoice or expense in the app, the
 * kind of entry otherwise. 5a and 5g are made of other boxes' lines, so those show each line's box.
 * Opening a box moves the focus to this section's heading, so a keyboard or screen reader user
 * lands on what was opened.
 */
import { Fragment, useEffect, useRef } from "react";
import { Link } from "react-router";
import { shownError } from "../api/errors.js";
import { formatAmount, formatDate } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";
import { Pager } from "../ui/Pager.js";
import { boxLabel } from "./BoxesTable.js";
import {
  type BoxName,
  LINES_PER_PAGE,
  type LineSelection,
  useAccountNames,
  useBoxLines,
  type VatReturnLine,
} from "./queries.js";

interface BoxLinesProps {
  companyId: number;
  period: string;
  box: BoxName;
  selection: LineSelection;
  page: number;
  onPage: (page: number) => void;
  /** addresses: all lines of this box, and the return without lines */
  allLinesPath: string;
  closePath: string;
}

const COMBINED: ReadonlySet<BoxName> = new Set(["5a", "5g"]);

/** What each kind of entry is called (the ledger's source types). */
const SOURCE_KINDS: Record<string, MessageKey> = {
  sales_invoice: "vat.source.sales_invoice",
  expense: "vat.source.expense",
  payment: "vat.source.payment",
  journal_entry: "vat.source.journal_entry",
  vat_return: "vat.source.vat_return",
};

function documentPath(companyId: number, line: VatReturnLine): string | null {
  if (line.source_type === "sales_invoice") return `/${companyId}/invoices/${line.source_id}`;
  if (line.source_type === "expense") return `/${companyId}/expenses/${line.source_id}`;
  return null;
}

/** A document's name that a narrow column breaks between its words only (not in `2026-0001`). */
function Words({ text }: { text: string }) {
  return text.split(" ").map((word, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the index is the word's place in the name
    <Fragment key={index}>
      {index > 0 && " "}
      <span className="word">{word}</span>
    </Fragment>
  ));
}

export function BoxLines(props: BoxLinesProps) {
  const { companyId, period, box, selection, page } = props;
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = useBoxLines(companyId, period, box, selection, page);
  const names = useAccountNames(companyId, lines.data?.items.flatMap((line) => line.account_path ?? []) ?? []);
  const combined = COMBINED.has(box);

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, []);

  const kindOf = (type: string) => {
    const key = SOURCE_KINDS[type];
    return key === undefined ? type : t(key);
  };

  return (
    <section className="vat-lines" aria-labelledby="vat-lines-heading">
      <div className="page-head">
        <h2 id="vat-lines-heading" ref={heading} tabIndex={-1}>
          {t("vat.linesTitle", { box, label: t(boxLabel(box)) })}
        </h2>
        <Link className="button secondary small" to={props.closePath}>
          {t("vat.closeLines")}
        </Link>
      </div>
      {selection === "without_country" && (
        <p className="hint">
          {t("vat.linesWithoutCountry")} <Link to={props.allLinesPath}>{t("vat.allLines", { box })}</Link>
        </p>
      )}
      {lines.isError && <ErrorBanner error={shownError(lines.error)} retry={() => void lines.refetch()} />}
      {lines.isPending && <p className="loading">{t("app.loading")}</p>}
      {lines.data !== undefined &&
        (lines.data.items.length === 0 ? (
          <p>{t("vat.noLines")}</p>
        ) : (
          <table className="list vat-line-list">
            <thead>
              <tr>
                <th scope="col" className="wide-only">
                  {t("vat.line.date")}
                </th>
                <th scope="col">{t("vat.line.document")}</th>
                {combined && <th scope="col">{t("vat.column.box")}</th>}
                <th scope="col" className="wide-only">
                  {t("vat.line.account")}
                </th>
                <th scope="col" className="amount">
                  {t("vat.line.base")}
                </th>
                <th scope="col" className="amount">
                  {t("vat.line.vat")}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.data.items.map((line) => {
                const path = documentPath(companyId, line);
                const name = line.description ?? kindOf(line.source_type);
                return (
                  <tr key={line.id}>
                    <td className="date wide-only">{formatDate(line.date)}</td>
                    <td>
                      {path === null ? (
                        name
                      ) : (
                        <Link className="vat-document" to={path}>
                          <Words text={name} />
                        </Link>
                      )}
                      {path === null && <span className="source-kind">{kindOf(line.source_type)}</span>}
                      <span className="source-kind narrow-only">{formatDate(line.date)}</span>
                    </td>
                    {combined && <td>{line.box}</td>}
                    <td className="wide-only">{names.data?.get(line.account_path ?? "") ?? line.account_path}</td>
                    <td className="amount">{formatAmount(line.base)}</td>
                    <td className="amount">{formatAmount(line.vat)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      {lines.data !== undefined && (
        <Pager page={page} perPage={LINES_PER_PAGE} total={lines.data.total} onPage={props.onPage} />
      )}
    </section>
  );
}
