/** The printed words: the payment instruction in Dutch and English, and which language a document speaks. */
import { describe, expect, it } from "vitest";
import { documentLanguage, labelsFor } from "./labels.js";

describe("payment labels", () => {
  const account = { iban: "NL91 ABNA 0417 1643 00", bic: "ABNANL2A", holder: "Voorbeeld BV" };
  const values = { amount: "€ 363,00", dueDate: "24-12-2026", account, invoiceNumber: "2026-0001", reference: null };

  it("asks a transfer to the seller's account, quoting the invoice number, in Dutch and English", () => {
    expect(labelsFor("nl").payment.transfer(values)).toBe(
      "Gelieve € 363,00 vóór 24-12-2026 over te maken op NL91 ABNA 0417 1643 00 (BIC ABNANL2A) t.n.v. Voorbeeld BV " +
        "onder vermelding van factuurnummer 2026-0001.",
    );
    expect(labelsFor("en").payment.transfer(values)).toBe(
      "Please transfer € 363,00 by 24-12-2026 to NL91 ABNA 0417 1643 00 (BIC ABNANL2A) in the name of Voorbeeld BV, " +
        "quoting invoice number 2026-0001.",
    );
  });

  it("quotes the RF reference instead of the invoice number when there is one", () => {
    const withReference = { ...values, reference: "RF4812X20260001" };
    expect(labelsFor("nl").payment.transfer(withReference)).toMatch(
      / onder vermelding van betalingskenmerk RF4812X20260001\.$/,
    );
    expect(labelsFor("en").payment.transfer(withReference)).toMatch(/, quoting payment reference RF4812X20260001\.$/);
  });

  it("leaves out what is not known: the BIC, the account, the number of a concept", () => {
    const nl = labelsFor("nl").payment;
    expect(nl.transfer({ ...values, account: { ...account, bic: null }, invoiceNumber: null })).toBe(
      "Gelieve € 363,00 vóór 24-12-2026 over te maken op NL91 ABNA 0417 1643 00 t.n.v. Voorbeeld BV.",
    );
    expect(nl.transfer({ ...values, account: null, invoiceNumber: null })).toBe(
      "Gelieve € 363,00 vóór 24-12-2026 over te maken.",
    );
    expect(labelsFor("en").payment.transfer({ ...values, account: null })).toBe(
      "Please transfer € 363,00 by 24-12-2026, quoting invoice number 2026-0001.",
    );
  });

  it("words the other payment methods in both languages", () => {
    expect(labelsFor("nl").payment.alreadyPaid).toBe("Deze factuur is al betaald.");
    expect(labelsFor("en").payment.alreadyPaid).toBe("This invoice has already been paid.");
    expect(labelsFor("nl").payment.online("€ 5,00", "01-04-2024")).toBe(
      "Gelieve € 5,00 vóór 01-04-2024 online te betalen.",
    );
    expect(labelsFor("en").payment.online("€ 5,00", "01-04-2024")).toBe("Please pay € 5,00 online by 01-04-2024.");
  });
});

describe("documentLanguage", () => {
  it.each([
    [null, "nl"],
    [undefined, "nl"],
    ["", "nl"],
    ["NL", "nl"],
    [" nl ", "nl"],
    ["DE", "en"],
    ["be", "en"],
    ["US", "en"],
  ] as const)("documentLanguage(%s) = %s", (country, expected) => {
    expect(documentLanguage(country)).toBe(expected);
  });
});
