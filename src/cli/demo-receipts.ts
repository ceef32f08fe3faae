/**
 * The receipts `kasboek demo` attaches to its expenses: a supplier's invoice as a PDF (printed by
 * Kasboek's own renderer, as if the supplier used Kasboek) or a till receipt as a small PNG, a
 * picture of a slip of paper with its lines, as a phone would photograph it. The PNG has no text,
 * only its shape: it is there to be shown beside an expense, not read.
 *
 * Deterministic: the same expense gives the same bytes (the PDF is dated with the expense). Line
 * amounts follow the API's rule (round2(quantity × price), then round2(× rate)) in big.js, so the
 * receipt states what the expense books.
 */
import { deflateSync } from "node:zlib";
import Big from "big.js";
import type { PrintableLine, PrintableParty } from "../pdf/printable.js";
import { renderDocumentPdf } from "../pdf/render.js";
import { roundToCents } from "../platform/money.js";

export interface ReceiptLine {
  description: string;
  quantity: string;
  price_per_unit: string;
  /** the rate the supplier charged: "0" for a reverse-charged line */
  vat_rate: string;
}

export interface Receipt {
  fileName: string;
  content: Buffer;
}

function printableLine(line: ReceiptLine): PrintableLine {
  const withoutVat = roundToCents(new Big(line.quantity).times(line.price_per_unit));
  const vat = roundToCents(new Big(withoutVat).div(100).times(line.vat_rate));
  return {
    description: line.description,
    extended_description: null,
    quantity: line.quantity,
    price_per_unit: line.price_per_unit,
    vat_rate: line.vat_rate,
    price_without_vat_cents: withoutVat,
    vat_amount_cents: vat,
    price_with_vat_cents: withoutVat + vat,
  };
}

/** A supplier's invoice to the demo company, as a PDF. */
export async function supplierInvoicePdf(
  supplier: PrintableParty,
  customer: PrintableParty,
  number: string,
  date: string,
  lines: readonly ReceiptLine[],
  reverseCharged: boolean,
): Promise<Receipt> {
  const content = await renderDocumentPdf({
    kind: "invoice",
    language: supplier.country_code === "NL" ? "nl" : "en",
    isConcept: false,
    number,
    date,
    deliveryDate: null,
    dueDate: null,
    company: supplier,
    contact: customer,
    templateName: "Standaard",
    currency: { code: "eur", exchangeRate: "1.0" },
    lines: lines.map(printableLine),
    paymentInstructions: null,
    vatNotice: reverseCharged ? "reverse_charge" : null,
    smallBusinessScheme: false,
    creditedInvoiceNumber: null,
    reference: null,
    paymentQr: null,
  });
  return { fileName: `factuur-${number}.pdf`, content };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const WIDTH = 180;
const HEIGHT = 280;
const TABLE = 0x8a;
const PAPER = 0xf4;
const INK = 0x3c;

/**
 * A photographed till receipt: grey table, white slip, a header, one row of "text" per line and a
 * heavier total. `seed` varies the rows' lengths so receipts differ.
 */
export function tillReceiptPng(name: string, lineCount: number, seed: number): Receipt {
  const pixels = Buffer.alloc(HEIGHT * (WIDTH + 1), TABLE);
  const set = (x: number, y: number, shade: number) => {
    pixels[y * (WIDTH + 1) + 1 + x] = shade;
  };
  const fill = (left: number, top: number, width: number, height: number, shade: number) => {
    for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) set(x, y, shade);
  };
  for (let y = 0; y < HEIGHT; y++) pixels[y * (WIDTH + 1)] = 0; // filter byte: none
  fill(30, 12, 120, 256, PAPER);
  fill(60, 28, 60, 8, INK); // the shop's name
  fill(50, 42, 80, 3, INK);
  let y = 64;
  for (let line = 0; line < lineCount; line++, y += 14) {
    fill(42, y, 40 + ((seed * 7 + line * 13) % 36), 3, INK);
    fill(118, y, 20, 3, INK);
  }
  fill(42, y + 6, 96, 1, INK);
  fill(42, y + 16, 30, 5, INK); // TOTAAL
  fill(114, y + 16, 24, 5, INK);
  fill(54, 236, 72, 16, INK); // a barcode, roughly
  for (let x = 56; x < 126; x += 3) fill(x, 236, 1, 16, PAPER);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const content = Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { fileName: `bon-${slug}.png`, content };
}
