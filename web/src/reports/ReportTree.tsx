/**
 * An account tree of a report (profit and loss, balance sheet) as a table that folds: a group's
 * name is a button (aria-expanded) that shows or hides the accounts below it; "unfold all" and
 * "fold all" act on every tree of the page at once (useFolding). An account opens its general
 * ledger over the report's period, which leads on to the documents behind it. With a comparison,
 * each row has the earlier period's amount beside it. The totals are the server's.
 */
import { type CSSProperties, Fragment, type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useT } from "../i18n/i18n.js";
import { Amount } from "./Amount.js";
import type { TreeRow } from "./tree.js";

/**
 * Which groups are unfolded, for all trees of a page (`rows`: theirs together, roots left out): at
 * first the top groups are, and what lies deeper is folded.
 */
export function useFolding(rows: readonly TreeRow[]) {
  const [opened, setOpened] = useState<ReadonlySet<string> | null>(null);
  const groups = rows.filter((row) => row.hasChildren);
  const isOpen = (row: TreeRow) => (opened === null ? row.depth === 1 : opened.has(row.key));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return {
    isOpen,
    toggle: (row: TreeRow) => {
      const next = new Set(opened ?? groups.filter((group) => group.depth === 1).map((group) => group.key));
      if (next.has(row.key)) next.delete(row.key);
      else next.add(row.key);
      setOpened(next);
    },
    /** shown when every group above it is unfolded (the root, left out of `rows`, always is) */
    visible: (row: TreeRow) =>
      row.ancestors.every((key) => {
        const ancestor = byKey.get(key);
        return ancestor === undefined || isOpen(ancestor);
      }),
    hasGroups: groups.length > 0,
    unfoldAll: () => setOpened(new Set(groups.map((group) => group.key))),
    foldAll: () => setOpened(new Set()),
  };
}

export type Folding = ReturnType<typeof useFolding>;

export function FoldButtons({ folding }: { folding: Folding }) {
  const t = useT();
  if (!folding.hasGroups) return null;
  return (
    <div className="fold-buttons no-print">
      <button type="button" className="secondary small" onClick={folding.unfoldAll}>
        {t("reports.unfoldAll")}
      </button>
      <button type="button" className="secondary small" onClick={folding.foldAll}>
        {t("reports.foldAll")}
      </button>
    </div>
  );
}

interface ReportTreeProps {
  caption: string;
  /** the rows below the tree's root (treeRows(root).slice(1)) */
  rows: readonly TreeRow[];
  folding: Folding;
  /** the amount columns' headings: the period, and the earlier one when compared */
  columns: readonly string[];
  total: { label: string; amount: string; earlier?: string | undefined };
  /** the general ledger of an account, over the report's period */
  ledgerPath: (accountId: number) => string;
  empty: ReactNode;
}

export function ReportTree({ caption, rows, folding, columns, total, ledgerPath, empty }: ReportTreeProps) {
  const t = useT();
  const compared = columns.length > 1;
  return (
    <table className="list report-tree">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("reports.account")}</th>
          {columns.map((column) => (
            <th scope="col" className="amount" key={column}>
              {column.split(" – ").map((part, index, parts) => (
                <Fragment key={part}>
                  <span className="nowrap">{index < parts.length - 1 ? `${part} –` : part}</span>
                  {index < parts.length - 1 ? " " : ""}
                </Fragment>
              ))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="report-empty">
              {empty}
            </td>
          </tr>
        )}
        {rows
          .filter((row) => folding.visible(row))
          .map((row) => {
            const name = row.node.name ?? row.node.path ?? "";
            const open = folding.isOpen(row);
            return (
              <tr key={row.key} className={row.hasChildren ? "group" : undefined}>
                <th scope="row" className="tree-name" style={{ "--depth": row.depth - 1 } as CSSProperties}>
                  {row.hasChildren ? (
                    <button type="button" className="fold" aria-expanded={open} onClick={() => folding.toggle(row)}>
                      <span aria-hidden="true" className="fold-mark">
                        {open ? "▾" : "▸"}
                      </span>
                      {name}
                    </button>
                  ) : row.node.account_id === null ? (
                    name
                  ) : (
                    <Link to={ledgerPath(row.node.account_id)}>{name}</Link>
                  )}
                </th>
                <td className="amount">
                  <Amount value={row.amount ?? "0"} />
                </td>
                {compared && (
                  <td className="amount">
                    <Amount value={row.earlier ?? "0"} />
                  </td>
                )}
              </tr>
            );
          })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{total.label}</th>
          <td className="amount">
            <Amount value={total.amount} />
          </td>
          {compared && (
            <td className="amount">
              <Amount value={total.earlier} />
            </td>
          )}
        </tr>
      </tfoot>
    </table>
  );
}
