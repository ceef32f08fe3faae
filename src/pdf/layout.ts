/**
 * Page geometry and drawing primitives for the document PDF (A4, PDF standard fonts only).
 * Every text is drawn at an explicit position with an explicit maximum height, so pdfkit never
 * breaks pages by itself: this module decides where a page ends (`ensureRoom`) and repeats the
 * table header on every page the line table continues on. Every word comes from the canvas's
 * `labels` (the document's language). Pure: no database, no clock, no env.
 */
import type PDFDocument from "pdfkit";
import { formatEuroCents, formatQuantity, formatRate, formatUnitPrice, printableText } from "./format.js";
import type { Labels } from "./printable.js";

type Pdf = InstanceType<typeof PDFDocument>;

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const LEFT = 50;
export const RIGHT = PAGE_WIDTH - 50;
const CONTENT_WIDTH = RIGHT - LEFT;
export const TOP = 50;
const BODY_BOTTOM = PAGE_HEIGHT - 65;
const FOOTER_Y = PAGE_HEIGHT - 42;
const LINE_GAP = 1.5;

const INK = "#1a1a1a";
const MUTED = "#666666";
const RULE = "#d0d0d0";
const HEADER_FILL = "#efefef";
const CONCEPT_RED = "#c0392b";
const WATERMARK = "#ebebeb";

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: "left" | "right" | "center";
}

/** Where drawing continues; `continuation` is printed at the top of every further page. */
export interface Canvas {
  doc: Pdf;
  y: number;
  concept: boolean;
  continuation: string;
  /** the words of the document's language */
  labels: Labels;
}

function applyStyle(doc: Pdf, style: TextStyle): void {
  doc
    .font(style.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(style.size ?? 9)
    .lineGap(LINE_GAP)
    .fillColor(style.color ?? INK);
}

/** The height `text` takes when wrapped to `width` (0 for empty text). */
export function measure(doc: Pdf, text: string, width: number, style: TextStyle = {}): number {
  if (text === "") return 0;
  applyStyle(doc, style);
  return doc.heightOfString(printableText(text), { width });
}

/** Draws wrapped text at (x, y), clipped to `maxHeight` with an ellipsis; returns the height used. */
export function put(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
  maxHeight = PAGE_HEIGHT - y,
): number {
  const measured = measure(doc, text, width, style);
  if (measured <= 0) return 0;
  applyStyle(doc, style);
  // Clip to whole lines: pdfkit then reliably puts its ellipsis on the last line shown.
  const lineStep = doc.currentLineHeight(true) + LINE_GAP;
  const height = measured <= maxHeight ? measured : Math.floor(maxHeight / lineStep) * lineStep;
  if (height <= 0) return 0;
  doc.text(printableText(text), x, y, { width, align: style.align ?? "left", height, ellipsis: true });
  return height;
}

/** Draws text lines one under the other; returns the height used. */
export function putLines(
  doc: Pdf,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  let used = 0;
  for (const line of lines) used += put(doc, line, x, y + used, width, style);
  return used;
}

function drawWatermark(doc: Pdf, text: string): void {
  doc.save();
  doc.rotate(-45, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
  put(doc, text, -100, PAGE_HEIGHT / 2 - 65, PAGE_WIDTH + 200, {
    bold: true,
    size: 130,
    color: WATERMARK,
    align: "center",
  });
  doc.restore();
}

/** Prepares a fresh page: the CONCEPT watermark (under everything else) when it is a concept. */
export function decoratePage(canvas: Canvas): void {
  if (canvas.concept) drawWatermark(canvas.doc, canvas.labels.concept);
  canvas.y = TOP;
}

/** The red CONCEPT mark under the title of the first page. */
export function drawConceptMark(canvas: Canvas, x: number, y: number, width: number): number {
  return put(canvas.doc, canvas.labels.concept, x, y, width, {
    bold: true,
    size: 13,
    color: CONCEPT_RED,
    align: "right",
  });
}

function newPage(canvas: Canvas): void {
  canvas.doc.addPage();
  decoratePage(canvas);
  canvas.y += put(canvas.doc, canvas.continuation, LEFT, canvas.y, CONTENT_WIDTH, { size: 8, color: MUTED }) + 10;
}

/** The most a single block may take: a page body below the continuation line and table header. */
const MAX_BLOCK_HEIGHT = BODY_BOTTOM - TOP - 60;

/** Starts a new page when `height` does not fit on this one; true when it did. */
function ensureRoom(canvas: Canvas, height: number, repeatTableHeader: boolean): boolean {
  if (canvas.y + height <= BODY_BOTTOM) return false;
  newPage(canvas);
  if (repeatTableHeader) drawTableHeader(canvas);
  return true;
}

// Line table columns: description, quantity, unit price, VAT rate, amount excl. VAT.
const GAP = 6;
const NUMBER_WIDTHS = [58, 82, 42, 86] as const;
const DESCRIPTION_WIDTH = CONTENT_WIDTH - NUMBER_WIDTHS.reduce((sum, width) => sum + width + GAP, 0);
function columnPositions(): Array<{ x: number; width: number }> {
  const columns: Array<{ x: number; width: number }> = [];
  let x = LEFT + DESCRIPTION_WIDTH + GAP;
  for (const width of NUMBER_WIDTHS) {
    columns.push({ x, width });
    x += width + GAP;
  }
  return columns;
}
const COLUMNS = columnPositions();
const CELL_PADDING = 4;

function drawRow(doc: Pdf, y: number, description: string, numbers: readonly string[], style: TextStyle): void {
  put(doc, description, LEFT + CELL_PADDING, y, DESCRIPTION_WIDTH - CELL_PADDING, style);
  numbers.forEach((text, index) => {
    const column = COLUMNS[index];
    if (column) put(doc, text, column.x, y, column.width - CELL_PADDING, { ...style, align: "right" });
  });
}

export function drawTableHeader(canvas: Canvas): void {
  const { doc } = canvas;
  const height = 18;
  doc.rect(LEFT, canvas.y, CONTENT_WIDTH, height).fill(HEADER_FILL);
  const { labels } = canvas;
  const numbers = [labels.quantity, labels.price, labels.vat, labels.amount];
  drawRow(doc, canvas.y + 5, labels.description, numbers, { bold: true, size: 8.5 });
  canvas.y += height + 4;
}

export interface TableLine {
  description: string;
  extendedDescription: string;
  quantity: string;
  pricePerUnit: string;
  vatRate: string;
  amountCents: number;
}

/** One line of the table, moved to a new page (with the header repeated) when it does not fit. */
export function drawTableLine(canvas: Canvas, line: TableLine): void {
  const { doc } = canvas;
  const numbers = [
    formatQuantity(line.quantity),
    formatUnitPrice(line.pricePerUnit),
    formatRate(line.vatRate),
    formatEuroCents(line.amountCents),
  ];
  const textWidth = DESCRIPTION_WIDTH - CELL_PADDING;
  const extendedStyle: TextStyle = { size: 8, color: MUTED };
  const descriptionHeight = Math.min(measure(doc, line.description, textWidth), MAX_BLOCK_HEIGHT);
  const extendedRoom = MAX_BLOCK_HEIGHT - descriptionHeight - 2;
  const extendedHeight = Math.max(
    0,
    Math.min(measure(doc, line.extendedDescription, textWidth, extendedStyle), extendedRoom),
  );
  const numberHeights = numbers.map((text, index) => measure(doc, text, (COLUMNS[index]?.width ?? 0) - CELL_PADDING));
  const contentHeight = Math.max(descriptionHeight + (extendedHeight > 0 ? extendedHeight + 2 : 0), ...numberHeights);
  ensureRoom(canvas, contentHeight + 2 * CELL_PADDING, true);

  const top = canvas.y + CELL_PADDING;
  put(doc, line.description, LEFT + CELL_PADDING, top, textWidth, {}, descriptionHeight);
  if (extendedHeight > 0) {
    put(
      doc,
      line.extendedDescription,
      LEFT + CELL_PADDING,
      top + descriptionHeight + 2,
      textWidth,
      extendedStyle,
      extendedHeight,
    );
  }
  drawRow(doc, top, "", numbers, {});
  canvas.y = top + contentHeight + CELL_PADDING;
  doc.moveTo(LEFT, canvas.y).lineTo(RIGHT, canvas.y).lineWidth(0.5).strokeColor(RULE).stroke();
}

export interface AmountRow {
  label: string;
  value: string;
  bold?: boolean;
}

/** The right-aligned totals block (label, amount) under the table. */
export function drawAmounts(canvas: Canvas, rows: readonly AmountRow[]): void {
  const { doc } = canvas;
  const labelWidth = 190;
  const valueWidth = 100;
  const x = RIGHT - labelWidth - valueWidth;
  const styleOf = (row: AmountRow): TextStyle => ({ bold: row.bold ?? false, size: row.bold ? 10 : 9 });
  const heights = rows.map((row) => {
    const height = Math.max(
      measure(doc, row.label, labelWidth, styleOf(row)),
      measure(doc, row.value, valueWidth, styleOf(row)),
    );
    return height + (row.bold ? 6 : 4);
  });
  ensureRoom(canvas, heights.reduce((sum, height) => sum + height, 0) + 12, false);
  canvas.y += 12;
  rows.forEach((row, index) => {
    const style = styleOf(row);
    if (row.bold) {
      canvas.y += 2;
      doc
        .moveTo(x, canvas.y - 3)
        .lineTo(RIGHT, canvas.y - 3)
        .lineWidth(0.75)
        .strokeColor(INK)
        .stroke();
    }
    put(doc, row.label, x, canvas.y, labelWidth, style);
    put(doc, row.value, x + labelWidth, canvas.y, valueWidth - CELL_PADDING, { ...style, align: "right" });
    canvas.y += (heights[index] ?? 0) - (row.bold ? 2 : 0);
  });
}

/** A full-width paragraph with an optional bold heading, kept on one page (clipped to a page). */
export function drawParagraph(canvas: Canvas, heading: string | null, lines: readonly string[]): void {
  const { doc } = canvas;
  const text = lines.join("\n");
  const headingHeight = heading === null ? 0 : measure(doc, heading, CONTENT_WIDTH, { bold: true }) + 2;
  const bodyHeight = Math.min(measure(doc, text, CONTENT_WIDTH), MAX_BLOCK_HEIGHT - headingHeight);
  ensureRoom(canvas, headingHeight + bodyHeight + 14, false);
  canvas.y += 14;
  if (heading !== null) put(doc, heading, LEFT, canvas.y, CONTENT_WIDTH, { bold: true });
  canvas.y += headingHeight;
  canvas.y += put(doc, text, LEFT, canvas.y, CONTENT_WIDTH, {}, bodyHeight);
}

const QR_SIZE = 90;

/** A QR code image (a PNG) with its caption to the right, beneath what came before. */
export function drawQrCode(canvas: Canvas, png: Buffer, caption: string): void {
  const { doc } = canvas;
  ensureRoom(canvas, QR_SIZE + 10, false);
  canvas.y += 10;
  doc.image(png, LEFT, canvas.y, { width: QR_SIZE, height: QR_SIZE });
  put(doc, caption, LEFT + QR_SIZE + 10, canvas.y + QR_SIZE / 2 - 5, CONTENT_WIDTH - QR_SIZE - 10, {
    size: 8,
    color: MUTED,
  });
  canvas.y += QR_SIZE;
}

/** Page footers ("Pagina 1 van 2" and the seller's registration numbers), drawn once all pages exist. */
export function drawFooters(canvas: Canvas, footerText: string): void {
  const { doc, labels } = canvas;
  const { start, count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index += 1) {
    doc.switchToPage(start + index);
    const style: TextStyle = { size: 7.5, color: MUTED };
    doc
      .moveTo(LEFT, FOOTER_Y - 6)
      .lineTo(RIGHT, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    put(doc, footerText, LEFT, FOOTER_Y, CONTENT_WIDTH - 90, style);
    put(doc, labels.page(index + 1, count), RIGHT - 90, FOOTER_Y, 90, { ...style, align: "right" });
  }
}
