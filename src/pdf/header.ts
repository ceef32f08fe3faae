/**
 * The first-page header of a document PDF: the seller (left), the title with number and dates
 * (right), then the customer. Pure: no database, no clock, no env.
 */
import { formatDate } from "./format.js";
import { KIND_LABELS, LABELS } from "./labels.js";
import { type Canvas, drawConceptMark, LEFT, measure, put, putLines, RIGHT, type TextStyle } from "./layout.js";
import type { PrintableDocument, PrintableParty } from "./printable.js";

const MUTED: TextStyle = { size: 9, color: "#555555" };

function present(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value.trim() !== "";
}

function joined(...parts: Array<string | null | undefined>): string {
  return parts.filter(present).join(" ");
}

function sameCountry(a: string | null, b: string | null): boolean {
  return (a ?? "").trim().toUpperCase() === (b ?? "").trim().toUpperCase();
}

/** Address lines of a party; the country only on a cross-border document. */
function addressLines(party: PrintableParty, showCountry: boolean): string[] {
  const lines = [party.address, joined(party.zipcode, party.city)];
  if (showCountry) lines.push((party.country_code ?? "").toUpperCase());
  return lines.filter(present);
}

function labelled(label: string, value: string | null | undefined): string | null {
  return present(value) ? `${label}: ${value}` : null;
}

/** The footer text: the seller's name and registration numbers. */
export function footerText(company: PrintableParty): string {
  return [
    company.name,
    labelled(LABELS.kvk, company.kvk_number),
    labelled(LABELS.vatNumber, company.vat_number),
    company.email,
    company.website,
  ]
    .filter(present)
    .join("  ·  ");
}

/** The title used for the first page and the PDF's Title: "Factuur 2024-0001" or "Conceptfactuur". */
export function documentTitle(document: PrintableDocument): string {
  const labels = KIND_LABELS[document.kind];
  if (document.isConcept) return labels.conceptTitle;
  return present(document.number) ? `${labels.title} ${document.number}` : labels.title;
}

function drawSeller(canvas: Canvas, document: PrintableDocument, crossBorder: boolean): number {
  const { doc } = canvas;
  const { company } = document;
  const width = 250;
  let y = canvas.y;
  y += put(doc, company.name ?? "", LEFT, y, width, { bold: true, size: 14 }) + 4;
  const lines = [
    ...addressLines(company, crossBorder),
    labelled(LABELS.kvk, company.kvk_number),
    labelled(LABELS.vatNumber, company.vat_number),
    labelled(LABELS.email, company.email),
    labelled(LABELS.website, company.website),
    labelled(LABELS.phone, company.contact_number),
  ].filter(present);
  return y + putLines(doc, lines, LEFT, y, width, MUTED);
}

function drawTitleBlock(canvas: Canvas, document: PrintableDocument): number {
  const { doc } = canvas;
  const labels = KIND_LABELS[document.kind];
  const width = 230;
  const x = RIGHT - width;
  let y = canvas.y;
  y += put(doc, labels.title, x, y, width, { bold: true, size: 22, align: "right" }) + 4;
  if (document.isConcept) y += drawConceptMark(doc, x, y, width) + 4;
  const rows: Array<[string, string]> = [];
  if (!document.isConcept && present(document.number)) rows.push([labels.number, document.number]);
  rows.push([labels.date, formatDate(document.date)]);
  if (present(document.dueDate)) rows.push([labels.dueDate, formatDate(document.dueDate)]);
  if (present(document.reference)) rows.push([LABELS.reference, document.reference]);
  const labelWidth = 95;
  const valueWidth = width - labelWidth;
  for (const [label, value] of rows) {
    const height = Math.max(measure(doc, label, labelWidth, MUTED), measure(doc, value, valueWidth));
    put(doc, label, x, y, labelWidth, MUTED);
    put(doc, value, x + labelWidth, y, valueWidth, { align: "right" });
    y += height + 2;
  }
  return y;
}

function drawCustomer(canvas: Canvas, contact: PrintableParty, crossBorder: boolean): number {
  const { doc } = canvas;
  const width = 280;
  let y = canvas.y;
  y += put(doc, LABELS.customer, LEFT, y, width, { size: 8, color: "#888888" }) + 2;
  y += put(doc, contact.name ?? "", LEFT, y, width, { bold: true, size: 10.5 }) + 2;
  const lines = [
    present(contact.contact_person_name) ? `${LABELS.attention} ${contact.contact_person_name}` : null,
    ...addressLines(contact, crossBorder),
    labelled(LABELS.vatNumber, contact.vat_number),
    labelled(LABELS.kvk, contact.kvk_number),
  ].filter(present);
  return y + putLines(doc, lines, LEFT, y, width, { size: 9 });
}

/** Draws the first-page header and leaves the canvas below it, ready for the line table. */
export function drawHeader(canvas: Canvas, document: PrintableDocument): void {
  const crossBorder =
    document.contact !== null && !sameCountry(document.company.country_code, document.contact.country_code);
  const sellerBottom = drawSeller(canvas, document, crossBorder);
  const titleBottom = drawTitleBlock(canvas, document);
  canvas.y = Math.max(sellerBottom, titleBottom) + 24;
  if (document.contact !== null) canvas.y = drawCustomer(canvas, document.contact, crossBorder) + 24;
}
