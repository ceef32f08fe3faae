/**
 * Every key of the catalogue says something in every language. That each language has words for
 * each key is the type checker's job (`Catalogue`); these samples are typed by the keys too, so
 * a key without a sample does not compile either. What the types cannot see is checked here:
 * the words are there, whole, in the language's own words, with every API word inserted as is.
 */
import { describe, expect, it } from "vitest";
import { en } from "./en.js";
import type { Catalogue, Message, MessageParams, Problem, ProblemParams } from "./keys.js";
import { nl } from "./nl.js";
import { sayMessage, sayProblem } from "./say.js";

const CATALOGUES = { en, nl };

const blank: Problem = { key: "blank" };

// biome-ignore format: one key a line reads best
const PROBLEMS: { [Key in keyof ProblemParams]: ProblemParams[Key] } = {
  blank: {}, blankFile: {}, blankForForeignCurrency: {}, blankForCustomVatType: {}, blankForIndividual: {},
  blankUnlessIndividual: {}, blankWhenEnded: {}, blankWhenPayCustom: {}, blankWhenPublishing: {},
  blankWhenVatLiable: {}, blankForSeller: { requirement: "kvkNumber" }, blankForVatTreatment: { need: "intra_eu" },
  emptyWhenPublishing: {}, missingOrEmpty: {}, orDuration: {}, orAccountPath: {},
  notANumber: {}, tooManyDigits: {}, wholeNumber: {}, trueOrFalse: {}, mustBeString: {}, mustBeArray: {},
  mustBeObject: {}, singleValue: {}, listOfValues: {}, notADate: {}, notADateTime: {}, dateFormat: {},
  yearFormat: {}, periodFormat: {}, searchFormat: {}, countryCode: {}, currencyCode: {}, emailAddress: {},
  oneOf: { values: ["pay_transfer", "pay_cash"] }, notText: {}, noNul: {}, noControlCharacters: {},
  between: { minimum: "-10000000000000", maximum: 4711 }, rateFraction: {}, notNegative: {}, greaterThanZero: {},
  moreThanZero: {}, notZero: {}, twoDecimals: {}, maxDecimals: { most: 10 }, maxElements: { most: 1000 },
  tooLong: { most: 255 }, maxCharacters: { most: 2000 }, charactersFromTo: { least: 7, most: 100 },
  minCharactersLong: { least: 12 }, maxCharactersLong: { most: 1024 }, tooLargeInTotal: { most: "10000000000000" },
  onOrAfter: { date: "1990-01-01" }, notBeforeInvoiceDate: {}, notBeforeFrom: {}, endBeforeStart: {},
  endBy: { date: "9999-12-31" }, pauseTooLong: {},
  taken: {}, notACompanyAccount: {}, notACompanyContact: {}, notACompanyProduct: {}, notACompanyTemplate: {},
  notAVatType: {}, notAnotherSalesInvoice: {}, publishedInvoiceNeeded: {}, publishedExpenseNeeded: {}, bankOrCashAccount: {},
  costOrBalanceAccount: {}, notWithContactId: {}, notWithSalesInvoiceId: {}, contactWithoutEmail: {},
  notOwnElement: { id: 1717, name: "lines" }, namedTwice: { id: 1818 },
  lettersAndDigitsOnly: {}, ibanCountry: {}, ibanLength: { country: "NL", expected: 18, actual: 17 },
  ibanCheckDigits: {}, ibanAccountFormat: {}, ibanAccountCheckDigits: {}, bicCountry: {}, kvkDigits: {}, bicFormat: {}, greekVatPrefix: {}, vatCountry: {}, vatNumberShape: { country: "ES" },
  dutchVatCheckDigits: {},
  alreadyPublished: {}, cannotUnpublish: {}, publishedExpense: { problem: blank },
  publishedInvoiceLocked: { attributes: ["date", "due_date"] }, publishedExpenseLocked: { attributes: ["amount"] },
  quotationLocked: { status: "approved", attributes: ["contact_id"] }, publishedInvoiceUndeletable: {},
  quotationUndeletable: { status: "invoiced" }, onlyOnCreditInvoice: {},
  onlyOnExistingQuotation: {}, quotationStatus: { status: "concept", allowed: ["published", "denied"] },
  oneTrigger: { triggers: ["_approve", "_deny"] }, noVatUnderKor: {}, atLeastTwoLines: {}, debitOrCredit: {},
  unbalanced: { debits: "100.0", credits: "99.5" }, tooManyPayments: { most: 1000 },
  orExpenseId: {}, splitSum: { amount: "100.0", sum: "99.99" }, splitBooked: {}, splitDuplicate: {},
  splitPartMoneyIn: {}, splitPartMoneyOut: {}, costAccount: {}, bookBooked: {}, bookDuplicate: {}, bookMoneyIn: {},
  accountMonthFull: { account: "activa.current_assets.debtors", month: "2026-02", most: "92233720368547758.07" },
  ledgerLineFull: { most: "90071992547409.91" }, settlementTooLarge: { most: "90071992547409.91" },
  inFiledPeriod: { from: "2026-07-01", till: "2026-09-30" }, periodNotEnded: {}, alreadyFiled: {},
  overlapsFiledPeriod: {}, notBelowKmStart: {}, noMileageRate: {}, tooManyKilometres: { most: 9007199254740991 },
  tooManyMonths: { most: 120 },
  notBase64: {}, emptyFile: {}, fileTooLarge: { bytes: 10485761, most: 10485760, readable: "10 MiB" },
  fileNotDirectory: {},
  statementFormat: {}, statementVersion: { version: "001.01" }, statementEntities: {},
  statementXml: { line: 3, column: 7 }, statementElementMissing: { element: "Stmt[1]/Bal" },
  statementElementInvalid: { element: "Stmt[1]/Ntry[2]/CdtDbtInd" }, statementLineMissing: { field: ":60F:" },
  statementLineInvalid: { line: 4, field: ":61:" }, statementIban: { iban: "NL00INGB0000000000" },
  statementCurrency: { currency: "USD" }, statementAmount: { where: "Stmt[1]/Ntry[1]/Amt", most: "10000000000000" },
  statementUnbalanced: { iban: "NL69INGB0123456789", opening: "10.0", movements: "2.5", closing: "13.0" },
  statementEmpty: {}, statementAccounts: { ibans: ["NL69INGB0123456789", "NL91ABNA0417164300"] },
  idempotencyKeyFormat: {}, idempotencyKeyInUse: {}, idempotencyKeyReused: {}, redirectUriNeeded: {},
  redirectUri: { uri: "http://app.example.test/cb", problem: { key: "httpsOnly" } }, printableAscii: {},
  absoluteUrl: {}, noFragment: {}, noCredentials: {}, httpsOnly: {},
};

// biome-ignore format: one key a line reads best
const MESSAGES: { [Key in keyof MessageParams]: MessageParams[Key] } = {
  invalid: { resource: "salesInvoice", problems: [{ attribute: "invoice_lines[0].price_per_unit", problem: blank }, { problem: { key: "alreadyPublished" } }] },
  notFound: { resource: "journalEntry" }, inUse: { resource: "contact" },
  problems: { problems: [{ attribute: "name", problem: { key: "charactersFromTo", least: 1, most: 100 } }, { problem: { key: "redirectUriNeeded" } }] },
  parameter: { name: "per_page", problem: { key: "wholeNumber" } },
  header: { name: "Idempotency-Key", problem: { key: "idempotencyKeyInUse" } },
  unpermitted: { wrapper: "sales_invoice", keys: ["colour", "invoice_lines[].size"] },
  bodyNotJson: {}, bodyNotJsonContentType: {}, bodyTooLarge: {}, bodyTooDeep: { most: 20 },
  bodyArrayTooLong: { most: 10000 }, formFieldNul: {}, noEndpoint: { method: "DELETE", path: "/api/v1/nothing" },
  pathNotPercentEncoded: {}, pathParameterTooLong: {}, requestUnreadable: {}, requestTimeout: {},
  headersTooLarge: {}, notHttp: {}, tooManyRequests: {}, serverFailure: {},
  noToken: {}, notBearer: {}, tokenUnknown: {}, tokenRevoked: {}, tokenExpired: {}, metricsTokenWrong: {},
  accessDenied: {}, scopeLacking: { scope: "read:contacts" }, scopeNotAllowed: { scope: "manage:payments" },
  ownerOnlyDeletes: {}, planLimit: { plan: "basic", most: 500, limited: "contacts" },
  noUserWithEmail: { email: "someone@example.test" }, password: { problem: { key: "minCharactersLong", least: 12 } },
  signerName: { most: 200 }, linkUnusable: { state: "expired" },
  thisQuotation: { problem: { key: "quotationStatus", status: "denied", allowed: ["published", "approved"] } },
  shuttingDown: {}, databaseSilent: {}, migrationStateUnreadable: {},
  migrationsPending: { migrations: ["0001_create_users_and_tokens", "0002_create_companies"] },
  dependencyUnavailable: { name: "Redis" },
};

/** Parameters a language says in its own words (closed sets of keys.ts) rather than as they are. */
const SAID_IN_WORDS = new Set(["resource", "limited", "state", "requirement", "need", "status", "allowed", "problem"]);

/** The API words among a sample's parameters: every language must insert each of them as it is. */
function apiWords(params: object): string[] {
  return Object.entries(params).flatMap(([name, value]): string[] => {
    if (SAID_IN_WORDS.has(name)) return [];
    if (typeof value === "string" || typeof value === "number") return [String(value)];
    if (!Array.isArray(value)) return [];
    return value.flatMap((item: unknown) =>
      typeof item === "string" ? [item] : typeof item === "object" && item !== null ? apiWords(item) : [],
    );
  });
}

const messages = Object.entries(MESSAGES).map(([key, params]) => ({
  key,
  params,
  message: { key, ...params } as Message,
}));
const problems = Object.entries(PROBLEMS).map(([key, params]) => ({
  key,
  params,
  problem: { key, ...params } as Problem,
}));

function expectWhole(text: string, where: string): void {
  expect(text.trim(), where).not.toBe("");
  expect(text, where).toBe(text.trim());
  expect(text, where).not.toMatch(/undefined|null|NaN|\[object |\$\{/);
}

describe("the catalogues", () => {
  it.each(Object.entries(CATALOGUES))(
    "say every message in %s, with its API words as they are",
    (_, catalogue: Catalogue) => {
      for (const { key, params, message } of messages) {
        const said = sayMessage(catalogue, message);
        expectWhole(said, key);
        for (const word of apiWords(params)) expect(said, key).toContain(word);
      }
    },
  );

  it.each(Object.entries(CATALOGUES))(
    "say every problem in %s, with its API words as they are",
    (_, catalogue: Catalogue) => {
      for (const { key, params, problem } of problems) {
        const said = sayProblem(catalogue, problem);
        expectWhole(said, key);
        for (const word of apiWords(params)) expect(said, key).toContain(word);
      }
    },
  );

  it("say everything in Dutch in other words than in English", () => {
    for (const { key, message } of messages) {
      expect(sayMessage(CATALOGUES.nl, message), key).not.toBe(sayMessage(en, message));
    }
    for (const { key, problem } of problems) {
      expect(sayProblem(CATALOGUES.nl, problem), key).not.toBe(sayProblem(en, problem));
    }
  });
});
