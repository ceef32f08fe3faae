/**
 * The auditfile's transactions written as bytes (xaf-transactions.ts), against what the string
 * writer before it wrote for the same entries (test/support/xaf-transactions.*.xml, made by that
 * writer), and the pieces it stands on against the rules they stand in for: XML parts
 * (xml-parts.ts) against xaf.ts's element, an entry's line table (entry-lines.ts) against
 * splitting the text, the rate on doubles against the rate on bigints (rules.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHART_ROWS, ENTRIES, RELATIONS } from "../../../test/support/xaf-transactions-cases.js";
import { chartOf } from "./auditfile-books.js";
import { EntryLines, type LineRow } from "./entry-lines.js";
import { clip, vatPercentage, vatPercentageOfCents, xafAmount, xmlText } from "./rules.js";
import { TransactionWriter } from "./xaf-transactions.js";
import { XmlParts, xmlTag } from "./xml-parts.js";

const VERSIONS = ["4.0", "3.2"] as const;
const fixture = (version: string) =>
  readFileSync(new URL(`../../../test/support/xaf-transactions.${version}.xml`, import.meta.url), "utf8");

describe("the year's transactions", () => {
  it.each(VERSIONS)("XAF %s: byte for byte what the string writer wrote for every kind of entry", (version) => {
    const parts = new XmlParts();
    const writer = new TransactionWriter(version, chartOf(CHART_ROWS), RELATIONS, parts);
    for (const entry of ENTRIES) writer.write(entry);
    expect(parts.flush().join("")).toBe(fixture(version));
  });

  it("reads the rate of each box over the entry: 5b over profit and loss, two lines of one box together", () => {
    const text = fixture("4.0");
    // the expense's input VAT has no base: 21.00 over its 100.00 of costs
    expect(text).toContain("<vatID>5b</vatID><vatPerc>21.000</vatPerc><vatAmnt>21.00</vatAmnt>");
    // 4a: 0.70 + 0.70 over a base of 3.33 (the second line has none), rounded half up
    expect(text).toContain("<vatID>4a</vatID><vatPerc>42.042</vatPerc>");
    // a 0 % box on a line without VAT, and a credit note's VAT on its debit side
    expect(text).toContain("<vatID>1e</vatID><vatPerc>0.000</vatPerc><vatAmnt>0.00</vatAmnt><vatAmntTp>D</vatAmntTp>");
    expect(text).toContain("<amnt>21.00</amnt><amntTp>D</amntTp><custSupID>K00010</custSupID><vat><vatID>1a</vatID>");
  });
});

describe("XML parts", () => {
  const values = [
    "",
    "plain",
    "  padded  ",
    "A & B <c> 'd' \"e\"",
    "ü€😀",
    "bell\u0007tab\t",
    "\uD800lone",
    "x".repeat(40),
  ];
  const tag = xmlTag("desc");
  const asElement = (value: string, maximum?: number) =>
    `<desc>${xmlText(maximum === undefined ? value : clip(value, maximum))}</desc>`;

  it("writes a value as xaf.ts's element does: clipped, left out where XML cannot hold it, escaped", () => {
    for (const value of values) {
      for (const maximum of [undefined, 3, 35]) {
        const parts = new XmlParts();
        parts.element(tag, value, maximum);
        expect(parts.flush().join(""), JSON.stringify([value, maximum])).toBe(asElement(value, maximum));
      }
      const optional = new XmlParts();
      optional.optional(tag, value, 35);
      expect(optional.flush().join("")).toBe(value.trim() === "" ? "" : asElement(value, 35));
    }
  });

  it("writes numbers as String and xafAmount do, bigints and amounts past 2^53 too", () => {
    const amounts = [
      0,
      5,
      -5,
      99,
      100,
      -12_345,
      1e15,
      Number.MAX_SAFE_INTEGER,
      -0,
      2 ** 60,
      123_456_789_012_345_678_901n,
    ];
    for (const cents of amounts) {
      const parts = new XmlParts();
      parts.amount(tag, cents);
      expect(parts.flush().join("")).toBe(`<desc>${xafAmount(cents)}</desc>`);
    }
    const parts = new XmlParts();
    for (const value of [0, 7, 10, 99_999, Number.MAX_SAFE_INTEGER]) parts.integer(tag, value);
    parts.numbered(tag, Buffer.from("sales_invoice/"), 41);
    expect(parts.flush().join("")).toBe(
      "<desc>0</desc><desc>7</desc><desc>10</desc><desc>99999</desc><desc>9007199254740991</desc><desc>sales_invoice/41</desc>",
    );
  });

  it("hands on parts of at most 16 KiB as soon as they are full, none cutting a character", () => {
    const parts = new XmlParts();
    const written: string[] = [];
    let expected = "";
    for (let index = 0; index < 5000; index++) {
      const value = index % 7 === 0 ? "ü€😀 & more" : `value ${index}`;
      parts.element(tag, value);
      expected += asElement(value);
      written.push(...parts.takeFull());
    }
    expect(written.length).toBeGreaterThan(3);
    for (const part of written) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(16 * 1024);
      expect(part).not.toContain("\uFFFD");
    }
    expect(written.join("")).toBe(expected.slice(0, written.join("").length));
    // a value longer than a part is written whole, in a part of its own size
    const long = "ü".repeat(20_000);
    parts.element(tag, long);
    const rest = [...written, ...parts.flush()].join("");
    expect(rest.endsWith(`<desc>${long}</desc>`)).toBe(true);
  });
});

describe("an entry's line table", () => {
  // what the text meant before the table: split, and Number for each field
  const numberOrNull = (field: string | undefined) => (field === undefined || field === "" ? null : Number(field));
  const bySplitting = (text: string | null): LineRow[] =>
    text === null || text === ""
      ? []
      : text.split(";").map((line) => {
          const [account, contact, debit, credit, box, base, vat] = line.split(",");
          return {
            account_id: Number(account),
            contact_id: numberOrNull(contact),
            debit_cents: Number(debit),
            credit_cents: Number(credit),
            vat_box: box === undefined || box === "" ? null : box,
            vat_base_cents: numberOrNull(base),
            vat_cents: numberOrNull(vat),
          };
        });

  it("reads every field as Number and split read it, odd text included", () => {
    const texts = [
      null,
      "",
      "1,2,300,0,1a,1000,210",
      "1,,0,-5,,,;2,,5,0,5b,,",
      ";",
      "7",
      "7,8",
      "1,2,3,4,1a,5,6,extra,fields",
      "-0,007, 12,1.5,abc,1e3,-",
      `9,,1000000000000000,0,,,;9,,12345678901234567,0,,,`,
      Array.from({ length: 40 }, (_, index) => `${index},${index},${index * 100},0,1${"abcde"[index % 5]},,`).join(";"),
    ];
    const lines = new EntryLines();
    for (const text of texts) {
      lines.read(text);
      expect(lines.rows(), JSON.stringify(text)).toEqual(bySplitting(text));
    }
  });
});

describe("a box's rate on doubles", () => {
  it("is the rate on bigints, for every sum up to 2^31 cents and past it", () => {
    const sums = [0, 1, 5, 100, 333, 10_000, 17_997, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 40, 9e15];
    for (const base of sums) {
      for (const vat of [0, 1, 70, 140, 2_100, 3_779, 2 ** 31, 9e15, base, Math.floor(base * 0.21)]) {
        for (const [b, v] of [
          [base, vat],
          [-base, vat],
          [base, -vat],
        ] as const) {
          expect(vatPercentageOfCents(b, v), `${b} ${v}`).toBe(vatPercentage(BigInt(b), BigInt(v)));
        }
      }
    }
    expect(vatPercentageOfCents(10n ** 20n, 21n * 10n ** 18n)).toBe("21.000");
  });
});
