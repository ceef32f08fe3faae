import { describe, expect, it } from "vitest";
import { nextState } from "../modules/expenses/rules.js";
import { QUOTATION_STATUSES, TRIGGERS, transition } from "../modules/quotations/rules.js";
import { sellerProblems } from "../modules/sales-invoices/rules.js";
import type { Problem } from "./catalogue/keys.js";
import { OUTSIDE_SUPPORTED_DATES } from "./dates.js";
import { ApiError, invalid, invalidParameter, notFound, ValidationErrors } from "./errors.js";
import { checkBic, checkIban } from "./iban.js";
import { localiseError } from "./messages.js";
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
  errors.add("date", { key: "blank" });
  errors.add("invoice_lines[0].price_per_unit", { key: "blank" });
  errors.add("company.address", { key: "blankForSeller", requirement: "address" });
  return thrown(() => errors.throwIfAny("salesInvoice"));
}

const inBoth = (error: ApiError) => [localiseError(error, "en"), localiseError(error, "nl")];
const invalidQuotation = (attribute: string | undefined, problem: Problem) =>
  invalid("quotation", [{ attribute, problem }]);

describe("localiseError", () => {
  it("says the error in English as its own message, and that is the wire's English", () => {
    const error = invoiceErrors();
    expect(localiseError(error, "en")).toBe(error.message);
    expect(error.message).toBe(
      "Sales invoice is invalid: date can't be blank; invoice_lines[0].price_per_unit can't be blank; " +
        "company.address can't be blank when publishing: an invoice states the seller's address",
    );
  });

  it("says a 422 in Dutch problem by problem, keeping the attribute names", () => {
    expect(localiseError(invoiceErrors(), "nl")).toBe(
      "Verkoopfactuur is ongeldig: date mag niet leeg zijn; invoice_lines[0].price_per_unit mag niet leeg zijn; " +
        "company.address mag bij publiceren niet leeg zijn: een factuur vermeldt het adres van de verkoper",
    );
  });

  it("says the helpers' errors in both languages", () => {
    expect(inBoth(notFound("journalEntry"))).toEqual(["Journal entry not found", "Memoriaalboeking niet gevonden"]);
    expect(inBoth(invalidParameter("page", { key: "wholeNumber" }))).toEqual([
      "Parameter page must be a whole number",
      "Parameter page moet een geheel getal zijn",
    ]);
    expect(inBoth(invalidParameter("per_page", { key: "between", minimum: 0, maximum: 100 }))).toEqual([
      "Parameter per_page must be between 0 and 100",
      "Parameter per_page moet tussen 0 en 100 liggen",
    ]);
    expect(inBoth(invalidParameter("date", OUTSIDE_SUPPORTED_DATES))).toEqual([
      "Parameter date must be between 1900-01-01 and 9999-12-31",
      "Parameter date moet tussen 1900-01-01 en 9999-12-31 liggen",
    ]);
  });

  it("says a document's own statements, and an attribute's problem, after the resource", () => {
    expect(inBoth(invalid("salesInvoice", [{ problem: { key: "alreadyPublished" } }]))).toEqual([
      "Sales invoice is invalid: it is already published",
      "Verkoopfactuur is ongeldig: deze is al gepubliceerd",
    ]);
    expect(inBoth(invalid("salesInvoice", [{ problem: { key: "publishedInvoiceUndeletable" } }]))).toEqual([
      "Sales invoice is invalid: a published invoice cannot be deleted; correct it with a credit invoice",
      "Verkoopfactuur is ongeldig: een gepubliceerde factuur kan niet worden verwijderd; corrigeer deze met een creditfactuur",
    ]);
    expect(inBoth(invalid("contact", [{ attribute: "contact_number", problem: { key: "taken" } }]))).toEqual([
      "Contact is invalid: contact_number has already been taken",
      "Contact is ongeldig: contact_number is al in gebruik",
    ]);
  });

  it("says the messages the HTTP layer writes itself", () => {
    expect(inBoth(new ApiError("server", { key: "serverFailure" }))).toEqual([
      "Something went wrong on our side; please try again later",
      "Er ging aan onze kant iets mis; probeer het later opnieuw",
    ]);
    const unpermitted = (keys: string[]) =>
      inBoth(new ApiError("client.parameters.unpermitted_parameters", { key: "unpermitted", wrapper: "ride", keys }));
    expect(unpermitted(["colour", "size"])).toEqual([
      "Unpermitted parameters in ride: colour, size",
      "Niet-toegestane parameters in ride: colour, size",
    ]);
    expect(unpermitted(["colour"])).toEqual([
      "Unpermitted parameter in ride: colour",
      "Niet-toegestane parameter in ride: colour",
    ]);
  });

  it("says the plan's limit in the singular for one and in the plural for more", () => {
    const refused = (most: number) =>
      inBoth(new ApiError("client.quota_reached", { key: "planLimit", plan: "free", most, limited: "sales_invoices" }));
    expect(refused(1)).toEqual([
      "The plan 'free' allows at most 1 sales invoice per month",
      "Het abonnement 'free' staat hoogstens 1 verkoopfactuur per maand toe",
    ]);
    expect(refused(5)).toEqual([
      "The plan 'free' allows at most 5 sales invoices per month",
      "Het abonnement 'free' staat hoogstens 5 verkoopfacturen per maand toe",
    ]);
  });
});

describe("problems that rules answer", () => {
  it("says every quotation trigger refused in every status, in Dutch words for the statuses", () => {
    for (const status of [null, ...QUOTATION_STATUSES]) {
      for (const trigger of TRIGGERS) {
        const moved = transition(status, trigger);
        if (moved.ok) continue;
        const [english, dutch] = inBoth(invalidQuotation(trigger, moved.problem));
        expect(english).toMatch(new RegExp(`^Quotation is invalid: ${trigger} can`));
        expect(dutch).toMatch(new RegExp(`^Offerte is ongeldig: ${trigger} kan `));
        expect(dutch).not.toMatch(/\b(?:concept|imported|published|approved|denied|invoiced) /);
      }
    }
    expect(
      inBoth(
        invalidQuotation("_approve", { key: "quotationStatus", status: "concept", allowed: ["published", "denied"] }),
      ),
    ).toEqual([
      "Quotation is invalid: _approve cannot be used on a concept quotation (only on published or denied)",
      "Offerte is ongeldig: _approve kan niet worden gebruikt op een conceptofferte (alleen op een gepubliceerde of afgewezen offerte)",
    ]);
  });

  it("says which fields a locked quotation cannot change, with the verb in number", () => {
    const locked = (attributes: string[]) =>
      invalidQuotation(undefined, { key: "quotationLocked", status: "published", attributes });
    expect(inBoth(locked(["date"]))).toEqual([
      "Quotation is invalid: a published quotation cannot change date",
      "Offerte is ongeldig: van een gepubliceerde offerte kan date niet meer worden gewijzigd",
    ]);
    expect(localiseError(locked(["date", "due_date"]), "nl")).toBe(
      "Offerte is ongeldig: van een gepubliceerde offerte kunnen date, due_date niet meer worden gewijzigd",
    );
  });

  it("says everything a seller can lack to publish an invoice", () => {
    const nothing = {
      name: null,
      address: null,
      zipcode: null,
      city: null,
      kvk_number: null,
      vat_number: null,
      iban: null,
    };
    const errors = new ValidationErrors();
    const problems = sellerProblems({ ...nothing, vat_liable: true }, "pay_transfer");
    expect(problems.length).toBe(7);
    for (const [attribute, problem] of problems) errors.add(attribute, problem);
    const [english, dutch] = inBoth(thrown(() => errors.throwIfAny("salesInvoice")));
    expect(english).toContain(
      "company.iban can't be blank when publishing: an invoice paid by transfer states the account to pay to",
    );
    expect(dutch).toContain(
      "company.kvk_number mag bij publiceren niet leeg zijn: een factuur vermeldt het KvK-nummer van de verkoper",
    );
    expect(dutch?.match(/mag bij publiceren niet leeg zijn: /g)).toHaveLength(7);
  });

  it("says an expense's state problems, alone and on a published expense", () => {
    const refused = nextState("published", "concept");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(inBoth(invalid("expense", [{ problem: { key: "publishedExpense", problem: refused.problem } }]))).toEqual([
      "Expense is invalid: a published expense cannot go back to concept once published",
      "Uitgave is ongeldig: een gepubliceerde uitgave kan na publicatie niet terug naar concept",
    ]);
  });

  it("says the problems of IBANs, BICs and VAT numbers, with the shape of a country's numbers in Dutch words", () => {
    const said = (check: { ok: true } | { ok: false; problem: Problem }) =>
      check.ok ? null : inBoth(invalidParameter("vat_number", check.problem));
    expect(said(checkIban("NL91ABNA04171643"))).toEqual([
      "Parameter vat_number is not a valid IBAN for NL (expected 18 characters, got 16)",
      "Parameter vat_number is geen geldige IBAN voor NL (verwacht: 18 tekens, gekregen: 16)",
    ]);
    expect(said(checkBic("ABN"))?.[1]).toMatch(/^Parameter vat_number is geen geldige BIC/);
    expect(said(checkVatNumber("GR123456789"))?.[1]).toContain("met EL beginnen");
    expect(said(checkVatNumber("BE123"))).toEqual([
      "Parameter vat_number is not a valid VAT number for BE (expected BE + 10 digits starting with 0 or 1)",
      "Parameter vat_number is geen geldig btw-nummer voor BE (verwacht: BE + 10 cijfers beginnend met 0 of 1)",
    ]);
  });

  it("says the password rules and the OAuth client registration's problems (CLI answers)", () => {
    const password = new ApiError("client.parameters.validation", {
      key: "password",
      problem: { key: "minCharactersLong", least: 12 },
    });
    expect(inBoth(password)).toEqual([
      "The password must be at least 12 characters long",
      "Het wachtwoord moet minstens 12 tekens lang zijn",
    ]);
    const registration = new ApiError("client.parameters.validation", {
      key: "problems",
      problems: [
        { attribute: "name", problem: { key: "charactersFromTo", least: 1, most: 100 } },
        { problem: { key: "redirectUriNeeded" } },
        { problem: { key: "redirectUri", uri: "http://example.test/x", problem: { key: "httpsOnly" } } },
      ],
    });
    expect(inBoth(registration)).toEqual([
      "name must be 1 to 100 characters; at least one redirect URI is needed; " +
        "redirect URI http://example.test/x must use https (http only for localhost, 127.0.0.1 or [::1])",
      "name moet 1 tot 100 tekens lang zijn; er is minstens één redirect-URI nodig; " +
        "redirect-URI http://example.test/x moet https gebruiken (http alleen voor localhost, 127.0.0.1 of [::1])",
    ]);
  });
});
