/**
 * Which account a bank statement books on: the company's own IBAN on the bank, another IBAN on a
 * bank account of its own, made under the bank once and found again, each with its ledger
 * difference zero.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "../../../test/support/app.js";
import { mt940 } from "../../../test/support/bank-files.js";
import { bankStatementCalls, OWN_IBAN, STATEMENT_ACCOUNT } from "../../../test/support/bank-statements.js";

let harness: TestApp;
const ACCOUNT = STATEMENT_ACCOUNT;
const CUSTOMER = OWN_IBAN;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-26T10:00:00Z"));
});
afterAll(() => harness.close());

const { api, importFile, payments } = bankStatementCalls(() => harness);

type Statement = Record<string, unknown> & { id: number };

describe("the account a bank statement books on", () => {
  it("books the company's own IBAN on the bank, and another IBAN on a bank account of its own", async () => {
    const company = await newCompany(harness.deps, "Twee Rekeningen BV");
    const statementOf = (iban: string, reference: string, amount: string) =>
      mt940([
        {
          iban,
          from: "2026-10-01",
          till: "2026-10-31",
          opening: "0.00",
          transactions: [{ amount, bookingDate: "2026-10-03", bankReference: reference }],
        },
      ]);
    const own = json<{ bank_statement: Statement }>(await importFile(company, statementOf(CUSTOMER, "O1", "10.00")));
    const other = json<{ bank_statement: Statement }>(await importFile(company, statementOf(ACCOUNT, "A1", "20.00")));
    const again = json<{ bank_statement: Statement }>(
      await importFile(
        company,
        mt940([
          {
            iban: ACCOUNT,
            from: "2026-11-01",
            till: "2026-11-30",
            opening: "20.00",
            transactions: [{ amount: "2.50", bookingDate: "2026-11-03", bankReference: "A2" }],
          },
        ]),
      ),
    );
    expect(other.bank_statement.account_id).not.toBe(own.bank_statement.account_id);
    expect(again.bank_statement.account_id).toBe(other.bank_statement.account_id);
    for (const { bank_statement } of [own, other, again]) expect(bank_statement.ledger_difference).toBe("0.0");
    const paths = (await payments(company, "all")).map((payment) => [payment.amount, payment.account_path]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ["10.0", "activa.current_assets.liquid_assets.bank"],
        ["20.0", "activa.current_assets.liquid_assets.bank.nl69ingb0123456789"],
        ["2.5", "activa.current_assets.liquid_assets.bank.nl69ingb0123456789"],
      ]),
    );
    const account = await request(
      harness.app,
      "GET",
      api(company, `/accounts/${other.bank_statement.account_id}`),
      company.token,
    );
    expect(json<{ account: Record<string, unknown> }>(account).account).toMatchObject({
      name: "Bank NL69 INGB 0123 4567 89",
      path: "activa.current_assets.liquid_assets.bank.nl69ingb0123456789",
    });
  });
});
