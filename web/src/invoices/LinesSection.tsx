/**
 * The lines of a document editor (sales invoice or quotation): one LineEditor per line, adding
 * and removing lines. A line just added takes the focus in its first field, so a keyboard user
 * types on; a saved line that is removed is remembered, to be sent as `_destroy`. Each line shows
 * the server's total of it only while the screen still matches the last save.
 */
import type { Schema } from "@kasboek/client";
import { useEffect, useRef } from "react";
import { useT } from "../i18n/i18n.js";
import { LineEditor } from "./LineEditor.js";
import { emptyLine, type LineDraft } from "./lines.js";

type SavedLine = Schema<"SalesInvoice">["invoice_lines"][number];

interface LinesSectionProps {
  lines: readonly LineDraft[];
  removedLineIds: readonly number[];
  onChange: (lines: LineDraft[], removedLineIds: number[]) => void;
  /** the lines as last saved, whose totals are the server's */
  savedLines: readonly SavedLine[];
  unchanged: boolean;
  vatTypes: readonly Schema<"VatType">[];
  products: readonly Schema<"Product">[];
  accounts?: readonly Schema<"Account">[] | undefined;
  problems: Record<string, string>;
}

export function LinesSection(props: LinesSectionProps) {
  const { lines, removedLineIds, onChange, savedLines, unchanged, problems } = props;
  const t = useT();
  const sectionRef = useRef<HTMLElement>(null);
  const addedRef = useRef<string | null>(null);
  useEffect(() => {
    if (addedRef.current === null) return;
    sectionRef.current
      ?.querySelector<HTMLElement>(`[data-line="${addedRef.current}"] input, [data-line="${addedRef.current}"] select`)
      ?.focus();
    addedRef.current = null;
  });

  return (
    <section ref={sectionRef} className="lines" aria-labelledby="lines-heading">
      <h2 id="lines-heading">{t("invoice.lines")}</h2>
      {problems.invoice_lines !== undefined && <p className="problem">{problems.invoice_lines}</p>}
      {lines.map((line, index) => (
        <div key={line.key} data-line={line.key}>
          <LineEditor
            line={line}
            index={index}
            vatTypes={props.vatTypes}
            products={props.products}
            accounts={props.accounts}
            savedTotal={unchanged ? (savedLines.find((saved) => saved.id === line.id)?.price_with_vat ?? null) : null}
            problems={problems}
            onChange={(changed) =>
              onChange(
                lines.map((other) => (other.key === line.key ? changed : other)),
                [...removedLineIds],
              )
            }
            onRemove={() =>
              onChange(
                lines.filter((other) => other.key !== line.key),
                line.id === null ? [...removedLineIds] : [...removedLineIds, line.id],
              )
            }
          />
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        onClick={() => {
          const line = emptyLine();
          addedRef.current = line.key;
          onChange([...lines, line], [...removedLineIds]);
        }}
      >
        {t("invoice.addLine")}
      </button>
    </section>
  );
}
