import { describe, expect, it } from "vitest";
import { epcPayload } from "./sepa-qr.js";

const request = {
  iban: "nl91 abna 0417 1643 00",
  bic: "abnanl2a",
  name: "Voorbeeld BV",
  amountCents: 41229,
  reference: "RF18539007547034",
};

describe("the EPC069-12 payload", () => {
  it("is the standard's lines, the IBAN and BIC compact, the amount with two decimals", () => {
    expect(epcPayload(request)).toBe(
      "BCD\n002\n1\nSCT\nABNANL2A\nVoorbeeld BV\nNL91ABNA0417164300\nEUR412.29\n\nRF18539007547034",
    );
    expect(epcPayload({ ...request, amountCents: 1000, bic: null, reference: null })).toBe(
      "BCD\n002\n1\nSCT\n\nVoorbeeld BV\nNL91ABNA0417164300\nEUR10.00\n\n",
    );
  });

  it("cuts the name at 70 characters and refuses what the standard cannot carry", () => {
    expect(epcPayload({ ...request, name: "É".repeat(80) })?.split("\n")[5]).toBe("É".repeat(70));
    expect(epcPayload({ ...request, amountCents: 0 })).toBeNull();
    expect(epcPayload({ ...request, amountCents: -5 })).toBeNull();
    expect(epcPayload({ ...request, amountCents: 99_999_999_999 })?.split("\n")[7]).toBe("EUR999999999.99");
    expect(epcPayload({ ...request, amountCents: 100_000_000_000 })).toBeNull();
    expect(epcPayload({ ...request, iban: " " })).toBeNull();
  });
});
