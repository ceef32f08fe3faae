/** The matching rules (matching.ts) without a database: what is certain, and how suggestions score. */
import { describe, expect, it } from "vitest";
import { creditorReference } from "../../platform/creditor-reference.js";
import { certainMatch, type MatchablePayment, type OpenDocument, suggestMatches } from "./matching.js";

const COMPANY = 7;
const IBAN = "NL91ABNA0417164300";

const invoice = (id: number, number: string, open: bigint, fields: Partial<OpenDocument> = {}): OpenDocument => ({
  type: "sales_invoice",
  id,
  number,
  contactId: 1,
  contactName: "Van den Berg Installatietechniek B.V.",
  contactIban: null,
  date: "2026-10-01",
  dueDate: "2026-10-31",
  openCents: open,
  ...fields,
});

const payment = (amountCents: bigint, fields: Partial<MatchablePayment> = {}): MatchablePayment => ({
  amountCents,
  date: "2026-10-10",
  counterpartyIban: null,
  counterpartyName: null,
  texts: [],
  ...fields,
});

describe("a certain match", () => {
  it("needs the exact open amount and the document named by RF reference or number", () => {
    const documents = [invoice(1, "2026-0001", 12100n), invoice(2, "2026-0002", 12100n)];
    const reference = creditorReference(COMPANY, "2026-0002");
    expect(certainMatch(payment(12100n, { texts: [reference] }), COMPANY, documents, new Set())?.id).toBe(2);
    expect(certainMatch(payment(12100n, { texts: ["factuur 2026-0001"] }), COMPANY, documents, new Set())?.id).toBe(1);
    // another company's RF reference names nothing here
    const theirs = creditorReference(COMPANY + 1, "2026-0002");
    expect(certainMatch(payment(12100n, { texts: [theirs] }), COMPANY, documents, new Set())).toBe(null);
    expect(certainMatch(payment(12000n, { texts: ["2026-0001"] }), COMPANY, documents, new Set())).toBe(null);
  });

  it("takes the contact's IBAN only when exactly one of its open documents fits, and each document once", () => {
    const documents = [invoice(1, "2026-0001", 5000n, { contactIban: IBAN }), invoice(2, "2026-0002", 5000n)];
    const taken = new Set<string>();
    const fromIban = payment(5000n, { counterpartyIban: IBAN });
    expect(certainMatch(fromIban, COMPANY, documents, taken)?.id).toBe(1);
    // the same document is not paid twice by one import
    expect(certainMatch(fromIban, COMPANY, documents, taken)).toBe(null);
    const twins = [
      invoice(1, "2026-0001", 5000n, { contactIban: IBAN }),
      invoice(3, "2026-0003", 5000n, { contactIban: IBAN }),
    ];
    expect(certainMatch(fromIban, COMPANY, twins, new Set())).toBe(null);
  });

  it("settles an expense only with money out", () => {
    const bill: OpenDocument = { ...invoice(4, "2026100001", -24200n), type: "expense", contactIban: IBAN };
    expect(certainMatch(payment(-24200n, { counterpartyIban: IBAN }), COMPANY, [bill], new Set())?.type).toBe(
      "expense",
    );
    expect(certainMatch(payment(24200n, { counterpartyIban: IBAN }), COMPANY, [bill], new Set())).toBe(null);
  });
});

describe("suggestions", () => {
  it("score by reason, name the telling words only, and leave out documents the other way round", () => {
    const documents = [
      invoice(1, "2026-0001", 100000n),
      invoice(2, "2026-0002", 30000n, { contactName: "Bakkerij De Korf" }),
      invoice(3, "2026-0003", -30000n),
    ];
    const found = suggestMatches(
      payment(30000n, { counterpartyName: "VAN DEN BERG INSTALLATIETECHNIEK BV", date: "2027-02-01" }),
      COMPANY,
      documents,
    );
    // name and a part of the amount for 1; the exact amount for 2; 3 is a credit: money out
    expect(found.map((suggestion) => [suggestion.document.id, suggestion.reasons, suggestion.score])).toEqual([
      [2, ["amount"], 35],
      [1, ["name"], 25],
    ]);
  });
});
