/**
 * The PDF of an invoice or a quotation (one renderer for both).
 *
 * Invariants:
 * - Pure: no database, no clock, no env, no network, no files. Everything printed comes from the
 *   `PrintableDocument` argument; the caller resolves templates and payment placeholders.
 * - Deterministic: the PDF's CreationDate/ModDate (and so its file ID) come from the document
 *   date, so the same document always renders the same bytes.
 * - Amounts are the caller's integer euro cents; nothing is recomputed except sums: totals are
 *   sums of line cents (docs/bookkeeping.md 4) and the VAT block is `vatBreakdown` of the lines.
 *   Quantities, unit prices and rates are exact decimal strings, printed exactly.
 * - Only the PDF standard fonts (Helvetica): text they cannot show is transliterated or "?".
 * - A concept carries a CONCEPT mark on every page and never prints a number.
 * - Every word comes from the catalogue of `document.language`; amounts and dates keep the Dutch
 *   formats in every language.
 * - A seller under the small-business scheme (KOR) gets the exemption notice and no VAT rows for
 *   a zero rate: it charges no VAT, so a "BTW 0%" row would suggest a zero-rated supply.
 */
import Big from "big.js";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import {
  canonicalDecimal,
  convertCents,
  formatDutchDecimal,
  formatEuroCents,
  formatForeignCents,
  formatRate,
} from "./format.js";
import { documentTitle, drawHeader, footerText } from "./header.js";
import { labelsFor } from "./labels.js";
import {
  type AmountRow,
  type Canvas,
  decoratePage,
  drawAmounts,
  drawFooters,
  drawParagraph,
  drawQrCode,
  drawTableHeader,
  drawTableLine,
  LEFT,
  TOP,
} from "./layout.js";
import type { Labels, PrintableDocument, PrintableLine } from "./printable.js";

/** Sums of lines are bigint: lines of opposite signs may pass 2^53 cents between them. */
export interface VatRateTotal {
  vat_rate: string;
  base_cents: bigint;
  vat_cents: bigint;
}

type VatLine = Pick<PrintableLine, "vat_rate" | "price_without_vat_cents" | "vat_amount_cents">;

/** Base and VAT per rate (rates compared as exact decimals), highest rate first. */
export function vatBreakdown(lines: readonly VatLine[]): VatRateTotal[] {
  const groups = new Map<string, VatRateTotal>();
  for (const line of lines) {
    const rate = canonicalDecimal(line.vat_rate);
    const group = groups.get(rate) ?? { vat_rate: rate, base_cents: 0n, vat_cents: 0n };
    group.base_cents += BigInt(line.price_without_vat_cents);
    group.vat_cents += BigInt(line.vat_amount_cents);
    groups.set(rate, group);
  }
  return [...groups.values()].sort((a, b) => new Big(b.vat_rate).cmp(a.vat_rate));
}

function creationDate(date: string): Date {
  const created = new Date(`${date}T00:00:00.000Z`);
  if (Number.isNaN(created.getTime()) || created.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`document date must be a valid YYYY-MM-DD, got ${JSON.stringify(date)}`);
  }
  return created;
}

function amountRows(document: PrintableDocument, labels: Labels): AmountRow[] {
  const sum = (pick: (line: PrintableLine) => number) =>
    document.lines.reduce((total, line) => total + BigInt(pick(line)), 0n);
  const totalWithVat = sum((line) => line.price_with_vat_cents);
  const breakdown = vatBreakdown(document.lines).filter(
    (rate) => !document.smallBusinessScheme || !new Big(rate.vat_rate).eq(0),
  );
  const rows: AmountRow[] = [
    { label: labels.totalExclVat, value: formatEuroCents(sum((line) => line.price_without_vat_cents)) },
    ...breakdown.map((rate) => ({
      label: labels.vatOver(formatRate(rate.vat_rate), formatEuroCents(rate.base_cents)),
      value: formatEuroCents(rate.vat_cents),
    })),
    { label: labels.totalInclVat, value: formatEuroCents(totalWithVat), bold: true },
  ];
  const code = document.currency.code.trim().toLowerCase();
  if (code !== "eur") {
    const rate = document.currency.exchangeRate;
    rows.push({
      label: labels.converted(code, formatDutchDecimal(rate)),
      value: formatForeignCents(convertCents(totalWithVat, rate), code),
    });
  }
  return rows;
}

function vatNoticeLines(document: PrintableDocument, labels: Labels): string[] {
  if (document.vatNotice === null) return [];
  const wording = document.vatNotice === "reverse_charge" ? labels.reverseCharge : labels.intraEu;
  const vatNumber = document.contact?.vat_number?.trim();
  return vatNumber ? [...wording, `${labels.customerVatNumber}: ${vatNumber}`] : [...wording];
}

function noticeLines(document: PrintableDocument, labels: Labels): string[] | null {
  const lines = [
    ...(document.smallBusinessScheme ? labels.smallBusinessScheme : []),
    ...vatNoticeLines(document, labels),
  ];
  return lines.length === 0 ? null : lines;
}

/** Renders the document as an A4 PDF. Rejects on a malformed date, decimal string or (non-integer) amount. */
export async function renderDocumentPdf(document: PrintableDocument): Promise<Buffer> {
  const created = creationDate(document.date);
  const labels = labelsFor(document.language);
  const title = documentTitle(document, labels);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: TOP, bottom: 0, left: LEFT, right: LEFT },
    bufferPages: true,
    info: {
      Title: title,
      ...(document.company.name ? { Author: document.company.name } : {}),
      Creator: labels.creator(document.templateName),
      Producer: "Kasboek",
      CreationDate: created,
      ModDate: created,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const canvas: Canvas = {
    doc,
    y: TOP,
    concept: document.isConcept,
    continuation: `${title} (${labels.continued})`,
    labels,
  };
  decoratePage(canvas);
  drawHeader(canvas, document);
  drawTableHeader(canvas);
  for (const line of document.lines) {
    drawTableLine(canvas, {
      description: line.description ?? "",
      extendedDescription: line.extended_description ?? "",
      quantity: line.quantity,
      pricePerUnit: line.price_per_unit,
      vatRate: line.vat_rate,
      amountCents: line.price_without_vat_cents,
    });
  }
  drawAmounts(canvas, amountRows(document, labels));
  const notice = noticeLines(document, labels);
  if (notice !== null) drawParagraph(canvas, null, notice);
  if (document.paymentInstructions?.trim()) {
    drawParagraph(canvas, labels.paymentInstructions, [document.paymentInstructions]);
  }
  if (document.paymentQr !== null) {
    // error correction M, as EPC069-12 asks; the PNG is deterministic, so the PDF stays so too
    const png = await QRCode.toBuffer(document.paymentQr, { errorCorrectionLevel: "M", margin: 4, scale: 4 });
    drawQrCode(canvas, png, labels.scanToPay);
  }
  drawFooters(canvas, footerText(document.company, labels));
  doc.end();
  return finished;
}
