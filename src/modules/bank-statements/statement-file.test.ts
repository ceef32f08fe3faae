import { describe, expect, it } from "vitest";
import { type Bank, type BankStatement, camt053, mt940 } from "../../../test/support/bank-files.js";
import { StatementProblem } from "./parsed.js";
import { readStatementFile } from "./statement-file.js";

const ACCOUNT = "NL69INGB0123456789";
const CUSTOMER = "NL91ABNA0417164300";
const SUPPLIER = "NL44RABO0123456789";

const QUARTER: BankStatement = {
  iban: ACCOUNT,
  from: "2026-10-01",
  till: "2026-10-31",
  opening: "1000.00",
  transactions: [
    {
      amount: "605.00",
      bookingDate: "2026-10-02",
      valueDate: "2026-10-01",
      name: "Bakkerij Jansen BV",
      iban: CUSTOMER,
      endToEnd: "E2E-2026-0001",
      remittance: "Factuur 2026-0001",
      bankReference: "BANKREF0001",
    },
    {
      amount: "-121.37",
      bookingDate: "2026-10-15",
      name: "Drukkerij De Vries",
      iban: SUPPLIER,
      reference: "RF18539007547034",
      bankReference: "BANKREF0002",
    },
  ],
};

const read = (text: string) => readStatementFile(new TextEncoder().encode(text));

function problemOf(text: string | Uint8Array): unknown {
  try {
    readStatementFile(typeof text === "string" ? new TextEncoder().encode(text) : text);
  } catch (error) {
    if (error instanceof StatementProblem) return error.problem;
    throw error;
  }
  throw new Error("the file was read");
}

const expectedQuarter = (format: "camt.053" | "mt940") => ({
  format,
  iban: ACCOUNT,
  currency: "EUR",
  from: "2026-10-01",
  till: "2026-10-31",
  opening_balance_cents: 100000,
  closing_balance_cents: 148363,
});

describe("CAMT.053", () => {
  it.each<[Bank, number]>([
    ["ing", 2],
    ["rabobank", 2],
    ["abnamro", 2],
    ["ing", 4],
    ["rabobank", 8],
  ])("reads %s's statement at version 001.0%i field by field", (bank, version) => {
    const [statement, ...more] = read(camt053([QUARTER], { bank, version }));
    expect(more).toEqual([]);
    expect(statement).toMatchObject(expectedQuarter("camt.053"));
    expect(statement?.transactions).toEqual([
      {
        amount_cents: 60500,
        booking_date: "2026-10-02",
        value_date: "2026-10-01",
        counterparty_name: "Bakkerij Jansen BV",
        counterparty_iban: CUSTOMER,
        end_to_end_id: "E2E-2026-0001",
        reference: null,
        remittance: "Factuur 2026-0001",
        bank_reference: "BANKREF0001",
      },
      {
        amount_cents: -12137,
        booking_date: "2026-10-15",
        value_date: "2026-10-15",
        counterparty_name: "Drukkerij De Vries",
        counterparty_iban: SUPPLIER,
        end_to_end_id: null,
        reference: "RF18539007547034",
        remittance: null,
        bank_reference: "BANKREF0002",
      },
    ]);
  });

  it("splits a batch entry into its transactions, each with its own reference", () => {
    const batch: BankStatement = {
      ...QUARTER,
      transactions: [
        {
          amount: "0",
          bookingDate: "2026-10-05",
          bankReference: "BATCH-7",
          batch: [
            { amount: "-50.00", bookingDate: "2026-10-05", name: "Verhuurder", iban: SUPPLIER, bankReference: "B7-1" },
            { amount: "-25.10", bookingDate: "2026-10-05", name: "Telefoon BV", iban: CUSTOMER, bankReference: "B7-2" },
          ],
        },
      ],
    };
    for (const version of [2, 5]) {
      const [statement] = read(camt053([batch], { version }));
      expect(
        statement?.transactions.map((transaction) => [
          transaction.amount_cents,
          transaction.counterparty_name,
          transaction.bank_reference,
        ]),
      ).toEqual([
        [-5000, "Verhuurder", "B7-1"],
        [-2510, "Telefoon BV", "B7-2"],
      ]);
      expect(statement?.closing_balance_cents).toBe(100000 - 7510);
    }
  });

  it("reads every statement of a file, and skips entries that are not booked", () => {
    const second: BankStatement = {
      ...QUARTER,
      from: "2026-11-01",
      till: "2026-11-30",
      opening: "1483.63",
      transactions: [],
    };
    const pending = camt053([QUARTER, second]).replace("<Sts>BOOK</Sts>", "<Sts>PDNG</Sts>");
    const statements = read(camt053([QUARTER, second]));
    expect(statements.map((statement) => [statement.from, statement.transactions.length])).toEqual([
      ["2026-10-01", 2],
      ["2026-11-01", 0],
    ]);
    // a pending entry is left out, so the balance no longer adds up
    expect(problemOf(pending)).toMatchObject({ key: "statementUnbalanced", opening: "1000.0", movements: "-121.37" });
  });

  it("refuses a document type or entities before parsing (XXE, billion laughs)", () => {
    const xxe = camt053([QUARTER]).replace(
      "<Document",
      '<!DOCTYPE Document [<!ENTITY lol "lol"><!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document',
    );
    expect(problemOf(xxe)).toEqual({ key: "statementEntities" });
  });

  it("names the line of malformed XML and the element of a missing or unreadable value", () => {
    const text = camt053([QUARTER]);
    expect(problemOf(text.slice(0, text.length / 2))).toMatchObject({ key: "statementXml" });
    expect(problemOf(text.replace("<CdtDbtInd>DBIT</CdtDbtInd>", "<CdtDbtInd>DEBIT</CdtDbtInd>"))).toEqual({
      key: "statementElementInvalid",
      element: "Stmt[1]/Ntry[2]/CdtDbtInd",
    });
    expect(problemOf(text.replace(/<Bal><Tp><CdOrPrtry><Cd>CLBD[\s\S]*?<\/Bal>/, ""))).toEqual({
      key: "statementElementMissing",
      element: "Stmt[1]/Bal (CLBD)",
    });
    expect(problemOf(text.replace(">121.37<", ">121.375<"))).toEqual({
      key: "statementAmount",
      where: "Stmt[1]/Ntry[2]/Amt",
      most: "10000000000000",
    });
    expect(problemOf(text.replace(">605.00<", ">99999999999999.00<"))).toMatchObject({ key: "statementAmount" });
  });

  it("refuses another version, another currency, a bad IBAN and a statement that does not add up", () => {
    expect(problemOf(camt053([QUARTER]).replace("camt.053.001.02", "camt.053.001.01"))).toEqual({
      key: "statementVersion",
      version: "001.01",
    });
    expect(problemOf(camt053([{ ...QUARTER, currency: "USD" }]))).toEqual({
      key: "statementCurrency",
      currency: "USD",
    });
    expect(problemOf(camt053([{ ...QUARTER, iban: "NL69INGB0123456788" }]))).toEqual({
      key: "statementIban",
      iban: "NL69INGB0123456788",
    });
    expect(problemOf(camt053([{ ...QUARTER, closing: "1483.64" }]))).toEqual({
      key: "statementUnbalanced",
      iban: ACCOUNT,
      opening: "1000.0",
      movements: "483.63",
      closing: "1483.64",
    });
  });
});

describe("MT940", () => {
  it.each<Bank>(["ing", "rabobank", "abnamro"])("reads %s's statement field by field", (bank) => {
    const [statement] = read(mt940([QUARTER], { bank }));
    expect(statement).toMatchObject(expectedQuarter("mt940"));
    const [first, second] = statement?.transactions ?? [];
    expect(first).toEqual({
      amount_cents: 60500,
      booking_date: "2026-10-02",
      value_date: "2026-10-01",
      counterparty_name: "Bakkerij Jansen BV",
      counterparty_iban: CUSTOMER,
      end_to_end_id: "E2E-2026-0001",
      reference: null,
      remittance: "Factuur 2026-0001",
      bank_reference: "BANKREF0001",
    });
    expect(second).toMatchObject({
      amount_cents: -12137,
      booking_date: "2026-10-15",
      counterparty_name: "Drukkerij De Vries",
      counterparty_iban: SUPPLIER,
      bank_reference: "BANKREF0002",
    });
    // ABN AMRO's structured :86: has no structured reference; the others carry the RF reference
    expect(second?.reference).toBe(bank === "abnamro" ? null : "RF18539007547034");
  });

  it("reads ABN AMRO's older free :86: and Latin-1 text", () => {
    const [statement] = read(mt940([QUARTER], { bank: "abnamro", free: true }));
    expect(statement?.transactions[0]).toMatchObject({
      counterparty_name: "Bakkerij Jansen BV",
      counterparty_iban: CUSTOMER,
      remittance: "Factuur 2026-0001",
    });
    const latin = mt940([
      {
        ...QUARTER,
        transactions: [{ ...QUARTER.transactions[0], amount: "605.00", bookingDate: "2026-10-02", name: "Café Zoë" }],
      },
    ]);
    const bytes = Uint8Array.from([...latin].map((character) => character.charCodeAt(0)));
    expect(readStatementFile(bytes)[0]?.transactions[0]?.counterparty_name).toBe("Café Zoë");
  });

  it("reads several statements in one file and a booking date in the next year", () => {
    const turn: BankStatement = {
      iban: ACCOUNT,
      from: "2026-12-31",
      till: "2027-01-01",
      opening: "-10.00",
      transactions: [{ amount: "20.00", bookingDate: "2027-01-01", valueDate: "2026-12-31", name: "Klant" }],
    };
    const statements = read(mt940([QUARTER, turn]));
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatchObject({ opening_balance_cents: -1000, closing_balance_cents: 1000 });
    expect(statements[1]?.transactions[0]).toMatchObject({ booking_date: "2027-01-01", value_date: "2026-12-31" });
  });

  it("names the field and line of what it cannot read", () => {
    const text = mt940([QUARTER], { bank: "rabobank" });
    expect(problemOf(text.replace(/:61:\d{6}/, ":61:261332"))).toEqual({
      key: "statementLineInvalid",
      line: 6,
      field: ":61:",
    });
    expect(problemOf(text.replace(/:62F:.*\r\n/, ""))).toEqual({ key: "statementLineMissing", field: ":62F:" });
    expect(problemOf(text.replace("C000000000605,00", "C000000000605,001"))).toMatchObject({ key: "statementAmount" });
    expect(problemOf(text.replace(`${ACCOUNT} EUR`, "NL69INGB0123456780 EUR"))).toEqual({
      key: "statementIban",
      iban: "NL69INGB0123456780 EUR",
    });
  });
});

describe("a file that is neither", () => {
  it.each([
    ["text", "Datum,Naam,Bedrag\n2026-10-01,Jansen,605.00\n"],
    ["other XML", '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>'],
    ["nothing", ""],
  ])("is refused: %s", (_name, text) => {
    expect(problemOf(text)).toEqual({ key: "statementFormat" });
  });

  it("holds no statement", () => {
    expect(problemOf(camt053([]))).toEqual({ key: "statementEmpty" });
  });
});
