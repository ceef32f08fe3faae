import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nextState } from "../modules/expenses/rules.js";
import { QUOTATION_STATUSES, TRIGGERS, transition } from "../modules/quotations/rules.js";
import { sellerProblems } from "../modules/sales-invoices/rules.js";
import { OUTSIDE_SUPPORTED_DATES } from "./dates.js";
import { ApiError, invalidParameter, notFound, ValidationErrors } from "./errors.js";
import { checkBic, checkIban } from "./iban.js";
import { localiseError, messageInDutch } from "./messages.js";
import { problemInDutch, statementInDutch, vatShapeInDutch } from "./messages-problems.js";
import { checkVatNumber } from "./vat-number.js";

function thrown(run: () => void): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  throw new Error("no ApiError was thrown");
}

function invoiceErrors(): ApiError {
  const errors = new ValidationErrors();
  errors.add("date", "can't be blank");
  errors.add("invoice_lines[0].price_per_unit", "can't be blank");
  errors.add("company.address", "can't be blank when publishing: an invoice states the seller's address");
  return thrown(() => errors.throwIfAny("Sales invoice"));
}

describe("localiseError", () => {
  it("leaves the English message as the call site wrote it", () => {
    const error = invoiceErrors();
    expect(localiseError(error, "en")).toBe(error.message);
    expect(error.message).toBe(
      "Sales invoice is invalid: date can't be blank; invoice_lines[0].price_per_unit can't be blank; " +
        "company.address can't be blank when publishing: an invoice states the seller's address",
    );
  });

  it("translates a 422 problem by problem, keeping the attribute names", () => {
    expect(localiseError(invoiceErrors(), "nl")).toBe(
      "Verkoopfactuur is ongeldig: date mag niet leeg zijn; invoice_lines[0].price_per_unit mag niet leeg zijn; " +
        "company.address mag bij publiceren niet leeg zijn: een factuur vermeldt het adres van de verkoper",
    );
  });

  it("translates the helpers' errors from their parts", () => {
    expect(localiseError(notFound("Journal entry"), "nl")).toBe("Memoriaalboeking niet gevonden");
    expect(localiseError(invalidParameter("page", "must be a whole number"), "nl")).toBe(
      "Parameter page moet een geheel getal zijn",
    );
    expect(localiseError(invalidParameter("per_page", "must be between 0 and 100"), "nl")).toBe(
      "Parameter per_page moet tussen 0 en 100 liggen",
    );
    // the supported dates' problem is a constant (platform/dates.ts), not a literal at its call sites
    expect(localiseError(invalidParameter("date", OUTSIDE_SUPPORTED_DATES), "nl")).toBe(
      "Parameter date moet tussen 1900-01-01 en 9999-12-31 liggen",
    );
  });

  it("reads an error that carries only its message", () => {
    const document = new ApiError("client.parameters.validation", "Sales invoice is invalid: it is already published");
    expect(localiseError(document, "nl")).toBe("Verkoopfactuur is ongeldig: deze is al gepubliceerd");
    const locked = new ApiError(
      "client.parameters.validation",
      "Sales invoice is invalid: a published invoice cannot be deleted; correct it with a credit invoice",
    );
    expect(localiseError(locked, "nl")).toBe(
      "Verkoopfactuur is ongeldig: een gepubliceerde factuur kan niet worden verwijderd; corrigeer deze met een creditfactuur",
    );
    const taken = new ApiError(
      "client.parameters.validation",
      "Contact is invalid: contact_number has already been taken",
    );
    expect(localiseError(taken, "nl")).toBe("Contact is ongeldig: contact_number is al in gebruik");
  });

  it("keeps in English what the catalogue does not know, phrase by phrase, and never throws", () => {
    const errors = new ValidationErrors();
    errors.add("date", "can't be blank");
    errors.add("colour", "clashes with the logo");
    expect(
      localiseError(
        thrown(() => errors.throwIfAny("Widget")),
        "nl",
      ),
    ).toBe("Widget is ongeldig: date mag niet leeg zijn; colour clashes with the logo");
    // a message without its parts is recognised whole or not at all
    const unread = new ApiError(
      "client.parameters.validation",
      "Sales invoice is invalid: colour clashes with the logo",
    );
    expect(localiseError(unread, "nl")).toBe(unread.message);
    expect(messageInDutch("Widget not found")).toBeNull();
    const unknown = new ApiError("server", "Nobody has written this yet");
    expect(localiseError(unknown, "nl")).toBe("Nobody has written this yet");
    expect(messageInDutch("Nobody has written this yet")).toBeNull();
    expect(problemInDutch("clashes with the logo")).toBeNull();
    expect(statementInDutch("the moon is full")).toBeNull();
  });

  it("translates the messages the HTTP layer writes itself", () => {
    expect(messageInDutch("Something went wrong on our side; please try again later")).toBe(
      "Er ging aan onze kant iets mis; probeer het later opnieuw",
    );
    expect(messageInDutch("No endpoint GET /api/v1/nothing")).toBe("Er is geen endpoint GET /api/v1/nothing");
    expect(messageInDutch("Unpermitted parameters in ride: colour, size")).toBe(
      "Niet-toegestane parameters in ride: colour, size",
    );
  });
});

describe("problems that are not literals where they are reported", () => {
  it("has Dutch for every quotation trigger refused in every status", () => {
    for (const status of [null, ...QUOTATION_STATUSES]) {
      for (const trigger of TRIGGERS) {
        const moved = transition(status, trigger);
        if (moved.ok) continue;
        expect(statementInDutch(`${trigger} ${moved.problem}`), `${trigger} ${moved.problem}`).not.toBeNull();
        expect(messageInDutch(`This quotation ${moved.problem}`), moved.problem).not.toBeNull();
      }
      if (status !== null) {
        expect(statementInDutch(`a ${status} quotation cannot change date`)).not.toBeNull();
        expect(statementInDutch(`a ${status} quotation cannot be deleted, only a concept`)).not.toBeNull();
      }
    }
    expect(statementInDutch("_approve cannot be used on a concept quotation (only on published or denied)")).toBe(
      "_approve kan niet worden gebruikt op een conceptofferte (alleen op een gepubliceerde of afgewezen offerte)",
    );
  });

  it("has Dutch for everything a seller can lack to publish an invoice", () => {
    const nothing = {
      name: null,
      address: null,
      zipcode: null,
      city: null,
      kvk_number: null,
      vat_number: null,
      iban: null,
    };
    const problems = sellerProblems({ ...nothing, vat_liable: true }, "pay_transfer");
    expect(problems.length).toBe(7);
    for (const [attribute, problem] of problems) expect(problemInDutch(problem), attribute).not.toBeNull();
  });

  it("has Dutch for the reasons a sales invoice needs a VAT number", () => {
    for (const why of ["a line's VAT is reverse-charged", "the invoice is zero-rated to another EU country"]) {
      expect(problemInDutch(`can't be blank when ${why}`), why).not.toBeNull();
    }
  });

  it("has Dutch for an expense's state problems, alone and on a published expense", () => {
    const problems = [nextState("concept", null), nextState("published", "concept")].flatMap((state) =>
      state.ok ? [] : [state.problem],
    );
    expect(problems.length).toBe(2);
    for (const problem of problems) {
      expect(problemInDutch(problem), problem).not.toBeNull();
      expect(statementInDutch(`a published expense ${problem}`), problem).not.toBeNull();
    }
  });

  it("has Dutch for the problems of IBANs, BICs and VAT numbers", () => {
    const checks = [
      checkIban("NL91ABNA04171643"),
      checkIban("QQ91ABNA0417164300"),
      checkIban("NL00ABNA0417164300"),
      checkIban("NL91-ABNA"),
      checkIban("NL91ABNA04171643OO"),
      checkIban("BE41539007547035"),
      checkBic("ABN"),
      checkBic("ABNAXX2A"),
      checkVatNumber("GR123456789"),
      checkVatNumber("QQ123"),
      checkVatNumber("NL123"),
      checkVatNumber("NL123456789B02"),
    ];
    for (const check of checks) {
      expect(check.ok).toBe(false);
      if (!check.ok) expect(problemInDutch(check.problem), check.problem).not.toBeNull();
    }
  });

  it("says every VAT number shape in Dutch words", () => {
    const source = readFileSync(new URL("./vat-number.ts", import.meta.url), "utf8");
    const shapes = [...source.matchAll(/shape: "([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(shapes.length).toBeGreaterThan(25);
    for (const shape of shapes) {
      expect(vatShapeInDutch(shape), shape).not.toMatch(/\b(?:digits?|letters? or|characters|starting|ending|or|to)\b/);
    }
    expect(vatShapeInDutch("BE + 10 digits starting with 0 or 1")).toBe("BE + 10 cijfers beginnend met 0 of 1");
  });

  it("has Dutch for the password rules and the OAuth client registration (CLI answers)", () => {
    expect(messageInDutch("The password must be at least 12 characters long")).toBe(
      "Het wachtwoord moet minstens 12 tekens lang zijn",
    );
    const redirectProblems = [
      "must be at most 2000 characters",
      "must be printable ASCII without spaces (percent-encode the rest)",
      "is not an absolute URL",
      "must not contain a fragment (#)",
      "must not contain a user name or password",
      "must use https (http only for localhost, 127.0.0.1 or [::1])",
    ];
    for (const problem of redirectProblems) {
      expect(messageInDutch(`redirect URI http://example.test/x ${problem}`), problem).not.toBeNull();
    }
    expect(messageInDutch("name must be 1 to 100 characters; at least one redirect URI is needed")).toBe(
      "name moet 1 tot 100 tekens lang zijn; er is minstens één redirect-URI nodig",
    );
  });
});
