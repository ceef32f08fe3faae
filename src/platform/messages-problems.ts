/**
 * The Dutch of every attribute problem the API reports ("can't be blank" → "mag niet leeg
 * zijn"), and of the problems a document states without naming an attribute ("it is already
 * published"). `messages.ts` puts them into whole messages.
 *
 * Invariants:
 * - the English side is exactly what the call sites write (messages-completeness.test.ts, beside
 *   this file, scans the source for them); a text that matches nothing answers null, and the
 *   caller keeps it in English: a missing translation never fails a request;
 * - attribute names, ids, dates, amounts and enum values are API words and stay as they are;
 * - a problem reads after its attribute name, in Dutch as in English ("date mag niet leeg zijn").
 * Pure code.
 */

/** An English text with captures, and the Dutch made of them (null when a part has none). */
export interface Rule {
  english: RegExp;
  dutch: (parts: readonly string[]) => string | null;
}

/** The Dutch of the first rule that matches `text` and can say it, or null. */
export function firstTranslation(rules: readonly Rule[], text: string): string | null {
  for (const rule of rules) {
    const match = rule.english.exec(text);
    if (match === null) continue;
    const dutch = rule.dutch(match.slice(1).map((part) => part ?? ""));
    if (dutch !== null) return dutch;
  }
  return null;
}

// biome-ignore format: one phrase a line reads best
const PROBLEMS: ReadonlyMap<string, string> = new Map([
  ["can't be blank", "mag niet leeg zijn"],
  ["can't be blank (a base64 encoded file)", "mag niet leeg zijn (een base64-gecodeerd bestand)"],
  ["can't be blank for a currency other than euro", "mag niet leeg zijn bij een andere valuta dan de euro"],
  ["can't be blank for a custom VAT type", "mag niet leeg zijn bij een eigen btw-soort"],
  ["can't be blank for an individual", "mag niet leeg zijn bij een particulier"],
  ["can't be blank unless the contact is an individual", "mag alleen leeg zijn als het contact een particulier is"],
  ["can't be blank when ended_at is given", "mag niet leeg zijn als ended_at is opgegeven"],
  ["can't be blank when payment_method is pay_custom", "mag niet leeg zijn als payment_method pay_custom is"],
  ["can't be blank when publishing", "mag bij publiceren niet leeg zijn"],
  ["can't be blank when the company is VAT liable", "mag niet leeg zijn als het bedrijf btw-plichtig is"],
  ["can't be empty when publishing", "mag bij publiceren niet leeg zijn"],
  ["can only be given on a credit invoice (a negative total)", "kan alleen worden opgegeven bij een creditfactuur (een negatief totaal)"],
  ["can only be used on an existing quotation", "kan alleen worden gebruikt op een bestaande offerte"],
  ["cannot be given together with contact_id", "kan niet samen met contact_id worden opgegeven"],
  ["cannot go back to concept once published", "kan na publicatie niet terug naar concept"],
  ["has already been taken", "is al in gebruik"],
  ["has no known mileage rate", "heeft geen bekend kilometertarief"],
  ["has not ended yet: a return can be filed from the day after its last day", "is nog niet voorbij: een aangifte kan worden ingediend vanaf de dag na de laatste dag"],
  ["is already filed", "is al ingediend"],
  ["is an empty file", "is een leeg bestand"],
  ["is not a contact of this company", "is geen contact van dit bedrijf"],
  ["is not a number", "is geen getal"],
  ["is not a product of this company", "is geen product van dit bedrijf"],
  ["is not a template of this company", "is geen sjabloon van dit bedrijf"],
  ["is not a valid BIC (expected 8 or 11 characters: 4 letters for the bank, 2 for the country, 2 letters or digits for the location, optionally 3 for the branch)",
    "is geen geldige BIC (verwacht: 8 of 11 tekens: 4 letters voor de bank, 2 voor het land, 2 letters of cijfers voor de plaats, eventueel 3 voor het filiaal)"],
  ["is not a valid BIC (letters 5 and 6 are not a country code)", "is geen geldige BIC (letters 5 en 6 zijn geen landcode)"],
  ["is not a valid Dutch VAT number (its check digits do not match)", "is geen geldig Nederlands btw-nummer (de controlecijfers kloppen niet)"],
  ["is not a valid IBAN (its check digits do not match)", "is geen geldige IBAN (de controlecijfers kloppen niet)"],
  ["is not a valid IBAN (the account number is not in the format of its country)", "is geen geldige IBAN (het rekeningnummer heeft niet het formaat van zijn land)"],
  ["is not a valid IBAN (the account number's check digits do not match)", "is geen geldige IBAN (de controlecijfers van het rekeningnummer kloppen niet)"],
  ["is not a valid date", "is geen geldige datum"],
  ["is not a valid date-time", "is geen geldig tijdstip"],
  ["is not a VAT type", "is geen btw-soort"],
  ["is not an absolute URL", "is geen absolute URL"],
  ["is not an account of this company", "is geen grootboekrekening van dit bedrijf"],
  ["is not an e-mail address", "is geen e-mailadres"],
  ["is not an ISO 4217 currency code", "is geen ISO 4217-valutacode"],
  ["is not another sales invoice of this company", "is geen andere verkoopfactuur van dit bedrijf"],
  ["is not valid base64", "is geen geldige base64"],
  ["is not valid text", "is geen geldige tekst"],
  ["is missing or empty", "ontbreekt of is leeg"],
  ["may contain only letters and digits", "mag alleen letters en cijfers bevatten"],
  ["must be 0 or more", "moet 0 of meer zijn"],
  ["must be 8 digits", "moet uit 8 cijfers bestaan"],
  ["must be a bank or cash account", "moet een bank- of kasrekening zijn"],
  ["must be a cost or balance account", "moet een kosten- of balansrekening zijn"],
  ["must be a date (YYYY-MM-DD)", "moet een datum zijn (JJJJ-MM-DD)"],
  ["must be a list of values", "moet een lijst van waarden zijn"],
  ["must be a year (YYYY)", "moet een jaar zijn (JJJJ)"],
  ["must be a period: YYYYQn, YYYY-MM or YYYY", "moet een periode zijn: JJJJKn (als YYYYQn), JJJJ-MM of JJJJ"],
  ["must be a single value", "moet één waarde zijn"],
  ["must be a string", "moet een tekst zijn"],
  ["must be a two-letter ISO 3166-1 country code", "moet een landcode van twee letters zijn (ISO 3166-1)"],
  ["must be a whole number", "moet een geheel getal zijn"],
  ["must be an array", "moet een lijst (array) zijn"],
  ["must be an object", "moet een object zijn"],
  ["must be at or after started_at (an end past midnight takes the next day's date)",
    "moet op of na started_at liggen (een einde na middernacht krijgt de datum van de volgende dag)"],
  ["must be between 0 and 1 (0.21 is 21%)", "moet tussen 0 en 1 liggen (0.21 is 21%)"],
  ["must be given as search[name]=value", "moet worden opgegeven als search[name]=value"],
  ["must be greater than 0", "moet groter dan 0 zijn"],
  ["must be more than 0", "moet meer dan 0 zijn"],
  ["must be on or after the invoice date", "moet op of na de factuurdatum liggen"],
  ["must be printable ASCII without spaces (percent-encode the rest)", "moet bestaan uit afdrukbare ASCII-tekens zonder spaties (procent-codeer de rest)"],
  ["must be true or false", "moet true of false zijn"],
  ["must charge no VAT: the company is not VAT liable (KOR)", "mag geen btw rekenen: het bedrijf is niet btw-plichtig (KOR)"],
  ["must have at least two lines", "moet minstens twee regels hebben"],
  ["must have at most two decimals", "mag hoogstens twee decimalen hebben"],
  ["must name a file, not a directory", "moet een bestand zijn, geen map"],
  ["must name a published invoice", "moet naar een gepubliceerde factuur verwijzen"],
  ["must not be before from", "mag niet voor from liggen"],
  ["must not be less than km_start", "mag niet kleiner zijn dan km_start"],
  ["must not be longer than the time worked", "mag niet langer zijn dan de gewerkte tijd"],
  ["must not be zero", "mag niet nul zijn"],
  ["overlaps a period whose return is already filed", "overlapt een periode waarvan de aangifte al is ingediend"],
  ["must not contain a fragment (#)", "mag geen fragment (#) bevatten"],
  ["must not contain a user name or password", "mag geen gebruikersnaam of wachtwoord bevatten"],
  ["must not contain control characters", "mag geen stuurtekens bevatten"],
  ["must not contain a NUL character", "mag geen NUL-teken bevatten"],
  ["must be 1 to 255 visible ASCII characters", "moet uit 1 tot 255 zichtbare ASCII-tekens bestaan"],
  ["is in use by a request that has not finished; retry later", "is in gebruik door een verzoek dat nog niet klaar is; probeer het later opnieuw"],
  ["was already used for a different request", "is al gebruikt voor een ander verzoek"],
  ["has too many digits for a JSON number; send it as a string", "heeft te veel cijfers voor een JSON-getal; stuur het als tekst"],
  ["must start with EL for Greece (the VAT prefix is EL, not GR)", "moet voor Griekenland met EL beginnen (het btw-voorvoegsel is EL, niet GR)"],
  ["must start with the country code of a country that issues IBANs", "moet beginnen met de landcode van een land dat IBAN's uitgeeft"],
  ["must start with the country code of an EU member state, XI, GB, CH or NO", "moet beginnen met de landcode van een EU-lidstaat, XI, GB, CH of NO"],
  ["must use https (http only for localhost, 127.0.0.1 or [::1])", "moet https gebruiken (http alleen voor localhost, 127.0.0.1 of [::1])"],
  ["needs a contact with an e-mail address", "vereist een contact met een e-mailadres"],
  ["needs exactly one of debit_amount and credit_amount", "moet precies één van debit_amount en credit_amount hebben"],
  ["or a duration must be given", "of een duur moet worden opgegeven"],
  ["or account_path must name a bank or cash account", "of account_path moet een bank- of kasrekening aanwijzen"],
]);

/** Why a value is needed, after "can't be blank when …" (sales invoices). */
const CONDITIONS: ReadonlyMap<string, string> = new Map([
  ["a line's VAT is reverse-charged", "de btw van een regel verlegd is"],
  ["the invoice is zero-rated to another EU country", "de factuur onder het nultarief naar een ander EU-land valt"],
]);

/** Why a seller detail is needed to publish, after "can't be blank when publishing: …". */
const INVOICE_REQUIREMENTS: ReadonlyMap<string, string> = new Map([
  ["an invoice names the seller", "een factuur noemt de verkoper"],
  ["an invoice states the seller's address", "een factuur vermeldt het adres van de verkoper"],
  ["an invoice states the seller's KvK number", "een factuur vermeldt het KvK-nummer van de verkoper"],
  ["a VAT-liable seller states its VAT number", "een btw-plichtige verkoper vermeldt zijn btw-nummer"],
  [
    "an invoice paid by transfer states the account to pay to",
    "een factuur die per overboeking wordt betaald, vermeldt de rekening om op te betalen",
  ],
]);

/** The words of the VAT number shapes of vat-number.ts ("NL + 9 digits + B + 2 digits"), longest first. */
const SHAPE_WORDS: ReadonlyArray<[string, string]> = [
  ["a letter or digit", "een letter of cijfer"],
  ["not all digits", "niet alleen cijfers"],
  ["check characters", "controletekens"],
  ["starting with", "beginnend met"],
  ["ending in", "eindigend op"],
  ["characters", "tekens"],
  ["a letter", "een letter"],
  ["digits", "cijfers"],
  ["or", "of"],
  ["to", "tot"],
];
const SHAPE_WORD = new RegExp(`\\b(?:${SHAPE_WORDS.map(([english]) => english).join("|")})\\b`, "g");

export function vatShapeInDutch(shape: string): string {
  return shape.replace(SHAPE_WORD, (english) => SHAPE_WORDS.find(([word]) => word === english)?.[1] ?? english);
}

/** Quotation statuses (wire values) as a Dutch adjective before "offerte". */
const QUOTATION_ADJECTIVES: ReadonlyMap<string, string> = new Map([
  ["concept", "concept-"],
  ["imported", "geïmporteerde"],
  ["published", "gepubliceerde"],
  ["approved", "goedgekeurde"],
  ["denied", "afgewezen"],
  ["invoiced", "gefactureerde"],
]);

/** "published or denied" → "een gepubliceerde of afgewezen offerte"; null for an unknown status. */
function quotationIn(statuses: string): string | null {
  const adjectives = statuses.split(" or ").map((status) => QUOTATION_ADJECTIVES.get(status));
  if (adjectives.some((adjective) => adjective === undefined)) return null;
  // "concept-" joins the noun when it stands alone ("conceptofferte"), as Dutch compounds do
  if (adjectives.length === 1 && adjectives[0] === "concept-") return "een conceptofferte";
  return `een ${adjectives.join(" of ")} offerte`;
}

const lookUp =
  (table: ReadonlyMap<string, string>, render: (dutch: string) => string) =>
  (parts: readonly string[]): string | null => {
    const dutch = table.get(parts[0] ?? "");
    return dutch === undefined ? null : render(dutch);
  };

const PROBLEM_RULES: readonly Rule[] = [
  {
    english: /^can't be blank when publishing: (.+)$/s,
    dutch: lookUp(INVOICE_REQUIREMENTS, (why) => `mag bij publiceren niet leeg zijn: ${why}`),
  },
  { english: /^can't be blank when (.+)$/s, dutch: lookUp(CONDITIONS, (why) => `mag niet leeg zijn als ${why}`) },
  { english: /^must be on or after (\S+)$/, dutch: ([date]) => `moet op of na ${date} liggen` },
  { english: /^must be between (\S+) and (\S+)$/, dutch: ([low, high]) => `moet tussen ${low} en ${high} liggen` },
  {
    english: /^cannot take more on account (\S+) in (\S+) \(at most (\S+) a month\)$/,
    dutch: ([account, month, most]) =>
      `kan niet meer hebben op rekening ${account} in ${month} (hoogstens ${most} per maand)`,
  },
  {
    english: /^add up to more than one ledger line holds \(at most (\S+) per account\)$/,
    dutch: ([most]) => `tellen op tot meer dan een boekingsregel kan bevatten (hoogstens ${most} per rekening)`,
  },
  {
    english: /^are too many: a document takes at most (\d+) payments$/,
    dutch: ([most]) => `zijn te veel: een document neemt hoogstens ${most} betalingen`,
  },
  {
    english: /^has amounts too large to settle in one entry \(each at most (\S+)\)$/,
    dutch: ([most]) => `heeft bedragen die te groot zijn om in één boeking te vereffenen (elk hoogstens ${most})`,
  },
  {
    english: /^has more kilometres than a report can state \(at most (\d+)\)$/,
    dutch: ([most]) => `heeft meer kilometers dan een rapport kan weergeven (hoogstens ${most})`,
  },
  {
    english: /^must end by (\S+) \(counted from started_at\)$/,
    dutch: ([date]) => `moet uiterlijk op ${date} eindigen (gerekend vanaf started_at)`,
  },
  { english: /^must be one of: (.*)$/s, dutch: ([values]) => `moet een van deze waarden zijn: ${values}` },
  { english: /^is too long \(at most (\d+) characters\)$/, dutch: ([most]) => `is te lang (hoogstens ${most} tekens)` },
  {
    english: /^is too large \((\d+) bytes; at most (\d+) bytes, (.+)\)$/,
    dutch: ([size, most, readable]) => `is te groot (${size} bytes; hoogstens ${most} bytes, ${readable})`,
  },
  {
    english: /^is not a valid IBAN for (\S+) \(expected (\d+) characters, got (\d+)\)$/,
    dutch: ([country, expected, got]) =>
      `is geen geldige IBAN voor ${country} (verwacht: ${expected} tekens, gekregen: ${got})`,
  },
  {
    english: /^is not a valid VAT number for (\S+) \(expected (.+)\)$/s,
    dutch: ([country, shape = ""]) => `is geen geldig btw-nummer voor ${country} (verwacht: ${vatShapeInDutch(shape)})`,
  },
  {
    english: /^falls in a period whose VAT return is filed \((\S+) to (\S+)\)$/,
    dutch: ([from, till]) => `valt in een periode waarvan de btw-aangifte is ingediend (${from} tot en met ${till})`,
  },
  {
    english: /^do not balance: debits (\S+), credits (\S+)$/,
    dutch: ([debits, credits]) => `zijn niet in evenwicht: debet ${debits}, credit ${credits}`,
  },
  { english: /^(\S+) is named more than once$/, dutch: ([id]) => `${id} wordt meer dan eens genoemd` },
  {
    english: /^(\S+) is not one of this document's (\S+)$/,
    dutch: ([id, name]) => `${id} hoort niet bij de ${name} van dit document`,
  },
  {
    english: /^cannot be used on an? (\S+) quotation \(only on (.+)\)$/,
    dutch: ([current = "", allowed = ""]) => {
      const [now, only] = [quotationIn(current), quotationIn(allowed)];
      return now === null || only === null ? null : `kan niet worden gebruikt op ${now} (alleen op ${only})`;
    },
  },
  {
    english: /^must be at least (\d+) characters long$/,
    dutch: ([least]) => `moet minstens ${least} tekens lang zijn`,
  },
  { english: /^must be at most (\d+) characters long$/, dutch: ([most]) => `mag hoogstens ${most} tekens lang zijn` },
  { english: /^must have at most (\d+) decimals$/, dutch: ([most]) => `mag hoogstens ${most} decimalen hebben` },
  { english: /^must have at most (\d+) elements$/, dutch: ([most]) => `mag hoogstens ${most} elementen hebben` },
  {
    english: /^is too large \(at most (\S+) in total\)$/,
    dutch: ([most]) => `is te groot (hoogstens ${most} in totaal)`,
  },
  { english: /^must be at most (\d+) characters$/, dutch: ([most]) => `mag hoogstens ${most} tekens lang zijn` },
  {
    english: /^must be (\d+) to (\d+) characters$/,
    dutch: ([low, high]) => `moet ${low} tot ${high} tekens lang zijn`,
  },
];

/** The Dutch of a problem that follows an attribute name, or null when there is none. */
export function problemInDutch(problem: string): string | null {
  return PROBLEMS.get(problem) ?? firstTranslation(PROBLEM_RULES, problem);
}

/** "date, due_date" is plural in Dutch verbs; one attribute is singular. */
const canOrCan = (attributes: string) => (attributes.includes(",") ? "kunnen" : "kan");

const STATEMENTS: ReadonlyMap<string, string> = new Map([
  ["it is already published", "deze is al gepubliceerd"],
  [
    "a published invoice cannot be deleted; correct it with a credit invoice",
    "een gepubliceerde factuur kan niet worden verwijderd; corrigeer deze met een creditfactuur",
  ],
  ["a published expense cannot be deleted", "een gepubliceerde uitgave kan niet worden verwijderd"],
  ["at least one redirect URI is needed", "er is minstens één redirect-URI nodig"],
]);

const STATEMENT_RULES: readonly Rule[] = [
  {
    english: /^a published invoice cannot change (.+)$/s,
    dutch: ([fields = ""]) => `van een gepubliceerde factuur ${canOrCan(fields)} ${fields} niet meer worden gewijzigd`,
  },
  {
    english: /^a published expense cannot change (.+)$/s,
    dutch: ([fields = ""]) => `van een gepubliceerde uitgave ${canOrCan(fields)} ${fields} niet meer worden gewijzigd`,
  },
  {
    english: /^an? (\S+) quotation cannot change (.+)$/s,
    dutch: ([status = "", fields = ""]) => {
      const quotation = quotationIn(status);
      return quotation === null ? null : `van ${quotation} ${canOrCan(fields)} ${fields} niet meer worden gewijzigd`;
    },
  },
  {
    english: /^an? (\S+) quotation cannot be deleted, only a concept$/,
    dutch: ([status = ""]) => {
      const quotation = quotationIn(status);
      return quotation === null ? null : `${quotation} kan niet worden verwijderd, alleen een concept`;
    },
  },
  {
    english: /^give only one of (.+) at a time$/s,
    dutch: ([triggers]) => `geef niet meer dan één van ${triggers} tegelijk`,
  },
  {
    english: /^a published expense (.+)$/s,
    dutch: ([problem = ""]) => {
      const dutch = problemInDutch(problem);
      return dutch === null ? null : `een gepubliceerde uitgave ${dutch}`;
    },
  },
  {
    english: /^redirect URI (\S+) (.+)$/s,
    dutch: ([uri, problem = ""]) => {
      const dutch = problemInDutch(problem);
      return dutch === null ? null : `redirect-URI ${uri} ${dutch}`;
    },
  },
];

// An attribute as the API names it: `date`, `company.iban`, `invoice_lines[0].price_per_unit`,
// `lines[id 17]` (a stored nested element, nested.ts), `_approve` (a quotation trigger), and the
// header `Idempotency-Key`.
const ATTRIBUTE_AND_PROBLEM = /^([A-Za-z_][\w.-]*(?:\[[^\]]*\][\w.]*)*) (.+)$/s;

/**
 * The Dutch of one problem as a document states it after "… is invalid: ": a sentence of its
 * own ("it is already published") or an attribute followed by its problem. Null when it is
 * neither of those in the catalogue.
 */
export function statementInDutch(statement: string): string | null {
  const whole = STATEMENTS.get(statement) ?? firstTranslation(STATEMENT_RULES, statement);
  if (whole !== null) return whole;
  const match = ATTRIBUTE_AND_PROBLEM.exec(statement);
  const problem = match?.[2] === undefined ? null : problemInDutch(match[2]);
  return problem === null ? null : `${match?.[1] ?? ""} ${problem}`;
}
