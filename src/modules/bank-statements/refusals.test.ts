/**
 * What a bank statement import refuses, storing none of it: a file that is no statement or does
 * not add up (a 422 naming `attachment`, with the line or element), a transaction in a filed VAT
 * period (422 naming `date`), and a token without `manage:payments`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, errorOf, json, newCompany, request, type TestApp, tokenFor } from "../../../test/support/app.js";
import { type BankStatement, camt053, mt940 } from "../../../test/support/bank-files.js";
import { bankStatementCalls, STATEMENT_ACCOUNT } from "../../../test/support/bank-statements.js";

let harness: TestApp;
const ACCOUNT = STATEMENT_ACCOUNT;
const base64 = (text: string) => Buffer.from(text).toString("base64");

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-26T10:00:00Z"));
});
afterAll(() => harness.close());

const { api, importFile, payments } = bankStatementCalls(() => harness);

describe("a refused bank statement", () => {
  it("refuses a bad file with a 422 naming the attachment, and stores nothing", async () => {
    const company = await newCompany(harness.deps, "Fout BV");
    const good: BankStatement = {
      iban: ACCOUNT,
      from: "2026-10-01",
      till: "2026-10-31",
      opening: "0.00",
      transactions: [{ amount: "5.00", bookingDate: "2026-10-02" }],
    };
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ["not base64", { attachment: "!!!" }, /attachment is not valid base64/],
      [
        "neither format",
        { attachment: base64("Datum;Bedrag\n") },
        /attachment is neither a CAMT\.053 nor an MT940 bank statement/,
      ],
      ["unbalanced", { attachment: base64(camt053([{ ...good, closing: "6.00" }])) }, /attachment does not add up/],
      [
        "truncated",
        { attachment: base64(camt053([good]).slice(0, 400)) },
        /attachment is not well-formed XML \(line \d+/,
      ],
      ["another currency", { attachment: base64(mt940([{ ...good, currency: "USD" }])) }, /attachment is in USD/],
      ["no file", { attachment_file_name: "x.xml" }, /attachment can't be blank|attachment must/],
      // a byte over 10 MiB, in base64 (refused by its size before it is decoded)
      ["over 10 MiB", { attachment: "A".repeat(Math.ceil((10 * 1024 * 1024 + 1) / 3) * 4) }, /attachment .*10 MiB/],
    ];
    for (const [name, body, message] of cases) {
      const response = await request(harness.app, "POST", api(company, "/bank_statements"), company.token, {
        bank_statement: body,
      });
      expect(response.statusCode, name).toBe(422);
      expect(errorOf(response), name).toMatchObject({ type: "client.parameters.validation" });
      expect(errorOf(response).message, name).toMatch(message);
    }
    const listed = await request(harness.app, "GET", api(company, "/bank_statements"), company.token);
    expect(json<{ bank_statements: unknown[] }>(listed).bank_statements).toEqual([]);
    expect(await payments(company, "all")).toEqual([]);
  });

  it("refuses a statement with a transaction in a filed VAT period, storing none of it", async () => {
    const company = await newCompany(harness.deps, "Gesloten BV");
    const filed = await request(harness.app, "POST", api(company, "/vat_returns"), company.token, {
      vat_return: { period: "2026Q3" },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const file = mt940([
      {
        iban: ACCOUNT,
        from: "2026-09-30",
        till: "2026-10-01",
        opening: "0.00",
        transactions: [
          { amount: "5.00", bookingDate: "2026-10-01", bankReference: "OPEN" },
          { amount: "7.00", bookingDate: "2026-09-30", bankReference: "LOCKED" },
        ],
      },
    ]);
    const response = await importFile(company, file, "afschrift.sta");
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).message).toContain("date");
    expect(await payments(company, "all")).toEqual([]);
    const listed = await request(harness.app, "GET", api(company, "/bank_statements"), company.token);
    expect(json<{ bank_statements: unknown[] }>(listed).bank_statements).toEqual([]);
  });

  it("needs manage:payments", async () => {
    const company = await newCompany(harness.deps, "Scope BV");
    const token = await tokenFor(harness.deps, company.userId, ["manage:sales_invoices"]);
    const response = await request(harness.app, "GET", api(company, "/bank_statements"), token);
    expect(response.statusCode).toBe(403);
  });
});
