/**
 * The return as the Belastingdienst's form lays it out: five sections of boxes (rubrieken), each
 * with its base (omzet) and VAT, exact and as filed in whole euros, exactly as the server answered
 * (a box without such a column has an empty cell). Each box is a link to the lines behind it. On a phone
 * each box is a small block of its own: the box and its words, then its amounts, each labelled.
 */
import { Link } from "react-router";
import { formatAmount } from "../format.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { formatWholeEuros } from "./amounts.js";
import type { BoxName, VatReturn } from "./queries.js";

/** The form's sections and their boxes, in its order (the API answers 5a, 5b and 5g of section 5). */
export const SECTIONS: ReadonlyArray<{ title: MessageKey; boxes: readonly BoxName[] }> = [
  { title: "vat.section.1", boxes: ["1a", "1b", "1c", "1d", "1e"] },
  { title: "vat.section.2", boxes: ["2a"] },
  { title: "vat.section.3", boxes: ["3a", "3b", "3c"] },
  { title: "vat.section.4", boxes: ["4a", "4b"] },
  { title: "vat.section.5", boxes: ["5a", "5b", "5g"] },
];

export const boxLabel = (box: BoxName): MessageKey => `vat.box.${box}`;

const COLUMNS = [
  { key: "base", label: "vat.column.base", whole: false },
  { key: "base_filed", label: "vat.column.baseFiled", whole: true },
  { key: "vat", label: "vat.column.vat", whole: false },
  { key: "vat_filed", label: "vat.column.vatFiled", whole: true },
] as const satisfies ReadonlyArray<{ key: keyof VatReturn["boxes"]["1a"]; label: MessageKey; whole: boolean }>;

interface BoxesTableProps {
  vatReturn: VatReturn;
  /** the box whose lines are open, if any */
  openBox: BoxName | null;
  /** the address that opens a box's lines */
  linesPath: (box: BoxName) => string;
}

export function BoxesTable({ vatReturn, openBox, linesPath }: BoxesTableProps) {
  const t = useT();
  return (
    <table className="vat-boxes">
      <caption className="visually-hidden">{t("vat.boxesCaption")}</caption>
      <thead>
        <tr>
          <th scope="col" className="vat-cell vat-head">
            {t("vat.column.box")}
          </th>
          {COLUMNS.map((column) => (
            <th key={column.key} scope="col" className="vat-cell vat-head vat-head-figure">
              {t(column.label)}
            </th>
          ))}
        </tr>
      </thead>
      {SECTIONS.map((section) => (
        <tbody key={section.title}>
          <tr className="vat-section-row">
            <th scope="colgroup" colSpan={COLUMNS.length + 1} className="vat-cell vat-section">
              {t(section.title)}
            </th>
          </tr>
          {section.boxes.map((box) => {
            const figures = vatReturn.boxes[box];
            return (
              <tr
                key={box}
                className={`vat-box-row${box === "5g" ? " total" : ""}${openBox === box ? " open" : ""}`}
                data-box={box}
              >
                <th scope="row" className="vat-cell vat-box">
                  <Link className="box-link" to={linesPath(box)} aria-current={openBox === box ? "true" : undefined}>
                    <span className="box-code">{box}</span> <span className="box-label">{t(boxLabel(box))}</span>
                  </Link>
                </th>
                {COLUMNS.map((column) => {
                  const value = figures[column.key];
                  const shown = column.whole ? formatWholeEuros(value) : formatAmount(value);
                  return (
                    <td
                      key={column.key}
                      className={`vat-cell vat-figure ${column.whole ? "filed" : "exact"}${value === null ? " none" : ""}`}
                    >
                      {value !== null && (
                        <>
                          <span className="cell-label" aria-hidden="true">
                            {t(column.label)}
                          </span>
                          <span className="vat-amount">{shown}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
