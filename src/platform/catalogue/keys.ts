/**
 * Every error message and attribute problem of the API as a key with its parameters: call sites
 * say which (`{ key: "blank" }`, `{ key: "between", minimum: 0, maximum: 100 }`), and each
 * language's catalogue (en.ts, nl.ts) says how it reads. A catalogue is typed `Catalogue`, so a
 * key without its words in a language, or words that expect other parameters, is a type error.
 *
 * Invariants:
 * - parameters are API words (attribute names, ids, values, paths, dates, amounts, counts) that
 *   every language inserts as they are; what a language does say in its own words (a resource,
 *   a plan's limit, a quotation's status) is a parameter of a closed set named here;
 * - a problem reads after its attribute ("date" + "can't be blank") or, without one, stands
 *   alone as a statement ("it is already published").
 * Types only, and the sets of words they name.
 */

export type NoParams = Record<never, never>;

/** The resources of the modules, as a message names them. */
export type Resource =
  | "account"
  | "attachment"
  | "bankStatement"
  | "bookkeepingSettings"
  | "company"
  | "contact"
  | "expense"
  | "hour"
  | "journalEntry"
  | "payment"
  | "plan"
  | "product"
  | "quotation"
  | "request"
  | "ride"
  | "salesInvoice"
  | "template"
  | "user"
  | "vatReturn"
  | "vatType";

/** What a plan limits (plans/rules.ts `CappedResource`). */
export type PlanLimited = "contacts" | "products" | "companies" | "sales_invoices" | "quotations";

/** A quotation's status as the wire says it (quotations/rules.ts). */
export type QuotationStatus = "concept" | "imported" | "published" | "approved" | "denied" | "invoiced";

/** Why a quotation's signing link no longer decides anything (quotations/signing.ts). */
export type LinkState = "closed" | "decided" | "expired";

/** What an invoice must state about its seller to be published (sales-invoices/rules.ts). */
export type SellerRequirement = "name" | "address" | "kvkNumber" | "vatNumber" | "transferAccount";

/** Why a sales invoice needs the customer's VAT number (sales-invoices/rules.ts). */
export type VatNumberNeed = "reverse_charge" | "intra_eu";

/** The countries whose VAT numbers vat-number.ts knows the shape of: the EU (Greece as EL), XI, GB, CH, NO. */
export const VAT_COUNTRIES = [
  ...["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU"],
  ...["IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"],
  ...["XI", "GB", "CH", "NO"],
] as const;
export type VatCountry = (typeof VAT_COUNTRIES)[number];

type Bound = number | string;

/** A problem, keyed, with its parameters. */
export type Problem = { [Key in keyof ProblemParams]: { key: Key } & ProblemParams[Key] }[keyof ProblemParams];

/** A problem of one attribute, or of the whole resource when `attribute` is absent. */
export interface AttributeProblem {
  attribute?: string;
  problem: Problem;
}

// biome-ignore format: one key a line reads best
export interface ProblemParams {
  // blank and empty
  blank: NoParams;
  blankFile: NoParams;
  blankForForeignCurrency: NoParams;
  blankForCustomVatType: NoParams;
  blankForIndividual: NoParams;
  blankUnlessIndividual: NoParams;
  blankWhenEnded: NoParams;
  blankWhenPayCustom: NoParams;
  blankWhenPublishing: NoParams;
  blankWhenVatLiable: NoParams;
  blankForSeller: { requirement: SellerRequirement };
  blankForVatTreatment: { need: VatNumberNeed };
  emptyWhenPublishing: NoParams;
  missingOrEmpty: NoParams;
  orDuration: NoParams;
  orAccountPath: NoParams;
  // the form of a value
  notANumber: NoParams;
  tooManyDigits: NoParams;
  wholeNumber: NoParams;
  trueOrFalse: NoParams;
  mustBeString: NoParams;
  mustBeArray: NoParams;
  mustBeObject: NoParams;
  singleValue: NoParams;
  listOfValues: NoParams;
  notADate: NoParams;
  notADateTime: NoParams;
  dateFormat: NoParams;
  yearFormat: NoParams;
  periodFormat: NoParams;
  searchFormat: NoParams;
  countryCode: NoParams;
  currencyCode: NoParams;
  emailAddress: NoParams;
  oneOf: { values: readonly string[] };
  notText: NoParams;
  noNul: NoParams;
  noControlCharacters: NoParams;
  // sizes and ranges
  between: { minimum: Bound; maximum: Bound };
  rateFraction: NoParams;
  notNegative: NoParams;
  greaterThanZero: NoParams;
  moreThanZero: NoParams;
  notZero: NoParams;
  twoDecimals: NoParams;
  maxDecimals: { most: number };
  maxElements: { most: number };
  tooLong: { most: number };
  maxCharacters: { most: number };
  charactersFromTo: { least: number; most: number };
  minCharactersLong: { least: number };
  maxCharactersLong: { most: number };
  tooLargeInTotal: { most: string };
  // dates and times
  onOrAfter: { date: string };
  notBeforeInvoiceDate: NoParams;
  notBeforeFrom: NoParams;
  endBeforeStart: NoParams;
  endBy: { date: string };
  pauseTooLong: NoParams;
  // references to other rows
  taken: NoParams;
  notACompanyAccount: NoParams;
  notACompanyContact: NoParams;
  notACompanyProduct: NoParams;
  notACompanyTemplate: NoParams;
  notAVatType: NoParams;
  notAnotherSalesInvoice: NoParams;
  publishedInvoiceNeeded: NoParams;
  publishedExpenseNeeded: NoParams;
  bankOrCashAccount: NoParams;
  costOrBalanceAccount: NoParams;
  notWithContactId: NoParams;
  notWithSalesInvoiceId: NoParams;
  contactWithoutEmail: NoParams;
  notOwnElement: { id: number; name: string };
  namedTwice: { id: number };
  // bank details and VAT numbers
  lettersAndDigitsOnly: NoParams;
  ibanCountry: NoParams;
  ibanLength: { country: string; expected: number; actual: number };
  ibanCheckDigits: NoParams;
  ibanAccountFormat: NoParams;
  ibanAccountCheckDigits: NoParams;
  bicCountry: NoParams;
  kvkDigits: NoParams;
  bicFormat: NoParams;
  greekVatPrefix: NoParams;
  vatCountry: NoParams;
  vatNumberShape: { country: VatCountry };
  dutchVatCheckDigits: NoParams;
  // documents, the books and their rules
  alreadyPublished: NoParams;
  cannotUnpublish: NoParams;
  publishedExpense: { problem: Problem };
  publishedInvoiceLocked: { attributes: readonly string[] };
  publishedExpenseLocked: { attributes: readonly string[] };
  quotationLocked: { status: QuotationStatus; attributes: readonly string[] };
  publishedInvoiceUndeletable: NoParams;
  quotationUndeletable: { status: QuotationStatus };
  onlyOnCreditInvoice: NoParams;
  onlyOnExistingQuotation: NoParams;
  quotationStatus: { status: QuotationStatus; allowed: readonly QuotationStatus[] };
  oneTrigger: { triggers: readonly string[] };
  noVatUnderKor: NoParams;
  atLeastTwoLines: NoParams;
  debitOrCredit: NoParams;
  unbalanced: { debits: string; credits: string };
  tooManyPayments: { most: number };
  // splitting a payment over documents (payments/split.ts)
  orExpenseId: NoParams;
  splitSum: { amount: string; sum: string };
  splitBooked: NoParams;
  splitDuplicate: NoParams;
  splitPartMoneyIn: NoParams;
  splitPartMoneyOut: NoParams;
  // booking a payment to a cost account (payment-bookings)
  costAccount: NoParams;
  bookBooked: NoParams;
  bookDuplicate: NoParams;
  bookMoneyIn: NoParams;
  accountMonthFull: { account: string; month: string; most: string };
  ledgerLineFull: { most: string };
  settlementTooLarge: { most: string };
  inFiledPeriod: { from: string; till: string };
  periodNotEnded: NoParams;
  alreadyFiled: NoParams;
  overlapsFiledPeriod: NoParams;
  notBelowKmStart: NoParams;
  noMileageRate: NoParams;
  tooManyKilometres: { most: number };
  tooManyMonths: { most: number };
  // files
  notBase64: NoParams;
  emptyFile: NoParams;
  fileTooLarge: { bytes: number; most: number; readable: string };
  fileNotDirectory: NoParams;
  // bank statements (bank-statements/statement.ts): `line` of an MT940 file, `element` of a CAMT.053 one
  statementFormat: NoParams;
  statementVersion: { version: string };
  statementEntities: NoParams;
  statementXml: { line: number; column: number };
  statementElementMissing: { element: string };
  statementElementInvalid: { element: string };
  statementLineMissing: { field: string };
  statementLineInvalid: { line: number; field: string };
  statementIban: { iban: string };
  statementCurrency: { currency: string };
  statementAmount: { where: string; most: string };
  statementUnbalanced: { iban: string; opening: string; movements: string; closing: string };
  statementEmpty: NoParams;
  statementAccounts: { ibans: readonly string[] };
  // requests, clients and credentials
  idempotencyKeyFormat: NoParams;
  idempotencyKeyInUse: NoParams;
  idempotencyKeyReused: NoParams;
  redirectUriNeeded: NoParams;
  redirectUri: { uri: string; problem: Problem };
  printableAscii: NoParams;
  absoluteUrl: NoParams;
  noFragment: NoParams;
  noCredentials: NoParams;
  httpsOnly: NoParams;
}

/** A whole message, keyed, with its parameters. */
export type Message = { [Key in keyof MessageParams]: { key: Key } & MessageParams[Key] }[keyof MessageParams];

// biome-ignore format: one key a line reads best
export interface MessageParams {
  // resources
  invalid: { resource: Resource; problems: readonly AttributeProblem[] };
  notFound: { resource: Resource };
  inUse: { resource: Resource };
  /** problems of no resource (the OAuth client registration of the CLI) */
  problems: { problems: readonly AttributeProblem[] };
  // parameters and bodies
  parameter: { name: string; problem: Problem };
  header: { name: string; problem: Problem };
  unpermitted: { wrapper: string; keys: readonly string[] };
  bodyNotJson: NoParams;
  bodyNotJsonContentType: NoParams;
  bodyTooLarge: NoParams;
  bodyTooDeep: { most: number };
  bodyArrayTooLong: { most: number };
  formFieldNul: NoParams;
  // the request itself
  noEndpoint: { method: string; path: string };
  pathNotPercentEncoded: NoParams;
  pathParameterTooLong: NoParams;
  requestUnreadable: NoParams;
  requestTimeout: NoParams;
  headersTooLarge: NoParams;
  notHttp: NoParams;
  tooManyRequests: NoParams;
  serverFailure: NoParams;
  // access
  noToken: NoParams;
  notBearer: NoParams;
  tokenUnknown: NoParams;
  tokenRevoked: NoParams;
  tokenExpired: NoParams;
  metricsTokenWrong: NoParams;
  accessDenied: NoParams;
  scopeLacking: { scope: string };
  scopeNotAllowed: { scope: string };
  ownerOnlyDeletes: NoParams;
  planLimit: { plan: string; most: number; limited: PlanLimited };
  // users and quotation signing
  noUserWithEmail: { email: string };
  password: { problem: Problem };
  signerName: { most: number };
  linkUnusable: { state: LinkState };
  thisQuotation: { problem: Problem };
  // readiness (modules/health)
  shuttingDown: NoParams;
  databaseSilent: NoParams;
  migrationStateUnreadable: NoParams;
  migrationsPending: { migrations: readonly string[] };
  dependencyUnavailable: { name: string };
}

/** The words of one key for each of its parameters. */
export type Sayings<Params> = { readonly [Key in keyof Params]: (params: Params[Key]) => string };

/** Everything the API says, in one language. */
export interface Catalogue {
  messages: Sayings<MessageParams>;
  problems: Sayings<ProblemParams>;
}
