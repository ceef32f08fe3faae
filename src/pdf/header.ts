/**
 * The first-page header of a document PDF: the seller (left), the title with number and dates
 * (right), then the customer; and the footer text. Every word comes from the canvas's labels.
 *
 * Invariants:
 * - An invoice whose total (the sum of its lines) is below zero is a credit invoice, titled so.
 * - The countries are printed only when the customer's country is known and differs from the
 *   seller's: a customer at home, or of unknown country, needs no country on the page.
 * - The delivery date is printed only when it differs from the document date (when equal, the
 *   document date already states it, as the Dutch invoice rules allow).
 * Pure: no database, no clock, no env.
 */
import { formatDate, formatIban } from "./format.js";
import { type Canvas, drawConceptMark, LEFT, measure, put, putLines, RIGHT, type TextStyle } from "./layout.js";
import type { KindLabels, Labels, PrintableDocument, PrintableParty } from "./printable.js";

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

/** The words of this document's kind: a negative invoice is a credit invoice. */
export function kindLabelsOf(document: PrintableDocument, labels: Labels): KindLabels {
  if (document.kind === "quotation") return labels.kinds.quotation;
  const total = document.lines.reduce((sum, line) => sum + BigInt(line.price_with_vat_cents), 0n);
  return total < 0n ? labels.kinds.credit : labels.kinds.invoice;
}

/** The footer text: the seller's name and registration numbers. */
export function footerText(company: PrintableParty, labels: Labels): string {
  return [
    company.name,
    labelled(labels.kvk, company.kvk_number),
    labelled(labels.vatNumber, company.vat_number),
    company.email,
    company.website,
  ]
    .filter(present)
    .join("  ·  ");
}

/** The title used for the first page and the PDF's Title: "Factuur 2024-0001" or "Conceptfactuur". */
export function documentTitle(document: PrintableDocument, labels: Labels): string {
  const kind = kindLabelsOf(document, labels);
  if (document.isConcept) return kind.conceptTitle;
  return present(document.number) ? `${kind.title} ${document.number}` : kind.title;
}

function drawSeller(canvas: Canvas, document: PrintableDocument, crossBorder: boolean): number {
  const { doc, labels } = canvas;
  const { company } = document;
  const width = 250;
  let y = canvas.y;
  y += put(doc, company.name ?? "", LEFT, y, width, { bold: true, size: 14 }) + 4;
  const lines = [
    ...addressLines(company, crossBorder),
    labelled(labels.kvk, company.kvk_number),
    labelled(labels.vatNumber, company.vat_number),
    labelled(labels.iban, present(company.iban) ? formatIban(company.iban) : null),
    labelled(labels.bic, company.bic),
    labelled(labels.email, company.email),
    labelled(labels.website, company.website),
    labelled(labels.phone, company.contact_number),
  ].filter(present);
  return y + putLines(doc, lines, LEFT, y, width, MUTED);
}

function titleRows(document: PrintableDocument, labels: Labels, kind: KindLabels): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (!document.isConcept && present(document.number)) rows.push([kind.number, document.number]);
  rows.push([kind.date, formatDate(document.date)]);
  if (present(document.deliveryDate) && document.deliveryDate !== document.date) {
    rows.push([labels.deliveryDate, formatDate(document.deliveryDate)]);
  }
  if (present(document.dueDate)) rows.push([kind.dueDate, formatDate(document.dueDate)]);
  if (present(document.creditedInvoiceNumber)) rows.push([labels.correctsInvoice, document.creditedInvoiceNumber]);
  if (present(document.reference)) rows.push([labels.reference, document.reference]);
  return rows;
}

function drawTitleBlock(canvas: Canvas, document: PrintableDocument): number {
  const { doc, labels } = canvas;
  const kind = kindLabelsOf(document, labels);
  const width = 230;
  const x = RIGHT - width;
  let y = canvas.y;
  y += put(doc, kind.title, x, y, width, { bold: true, size: 22, align: "right" }) + 4;
  if (document.isConcept) y += drawConceptMark(canvas, x, y, width) + 4;
  const labelWidth = 95;
  const valueWidth = width - labelWidth;
  for (const [label, value] of titleRows(document, labels, kind)) {
    const height = Math.max(measure(doc, label, labelWidth, MUTED), measure(doc, value, valueWidth));
    put(doc, label, x, y, labelWidth, MUTED);
    put(doc, value, x + labelWidth, y, valueWidth, { align: "right" });
    y += height + 2;
  }
  return y;
}

function drawCustomer(canvas: Canvas, contact: PrintableParty, crossBorder: boolean): number {
  const { doc, labels } = canvas;
  const width = 280;
  let y = canvas.y;
  y += put(doc, labels.customer, LEFT, y, width, { size: 8, color: "#888888" }) + 2;
  y += put(doc, contact.name ?? "", LEFT, y, width, { bold: true, size: 10.5 }) + 2;
  const lines = [
    present(contact.contact_person_name) ? `${labels.attention} ${contact.contact_person_name}` : null,
    ...addressLines(contact, crossBorder),
    labelled(labels.vatNumber, contact.vat_number),
    labelled(labels.kvk, contact.kvk_number),
  ].filter(present);
  return y + putLines(doc, lines, LEFT, y, width, { size: 9 });
}

/** Draws the first-page header and leaves the canvas below it, ready for the line table. */
export function drawHeader(canvas: Canvas, document: PrintableDocument): void {
  const { contact } = document;
  const crossBorder =
    contact !== null &&
    present(contact.country_code) &&
    !sameCountry(document.company.country_code, contact.country_code);
  const sellerBottom = drawSeller(canvas, document, crossBorder);
  const titleBottom = drawTitleBlock(canvas, document);
  canvas.y = Math.max(sellerBottom, titleBottom) + 24;
  if (contact !== null) canvas.y = drawCustomer(canvas, contact, crossBorder) + 24;
}
