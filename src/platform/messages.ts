/**
 * API error messages in the reader's language. Call sites write English; `localiseError` says
 * the same thing in Dutch for a reader who asks for it (http.ts negotiates the language, English
 * by default). The one rule for every error in one place: no call site knows about languages.
 *
 * Invariants:
 * - English is the error's own message, unchanged; only the message is translated, never the
 *   type, the status or the headers;
 * - an error that carries its parts (`ApiError.details`) is translated part by part; one that
 *   carries only its message is recognised by the shapes of messages.ts and messages-problems.ts;
 * - whatever has no Dutch stays English (part by part when the error carries its parts, whole
 *   otherwise): a request never fails over a translation, and the tests next to this file keep
 *   the catalogue complete;
 * - attribute and parameter names, ids, values and paths are API words and are never translated.
 * Pure code.
 */
import type { ApiError, AttributeProblem, ErrorDetails } from "./errors.js";
import type { Language } from "./language.js";
import { firstTranslation, problemInDutch, type Rule, statementInDutch } from "./messages-problems.js";

/** The resources of the modules, as they name themselves in messages. */
const RESOURCES: ReadonlyMap<string, string> = new Map([
  ["Account", "Grootboekrekening"],
  ["Attachment", "Bijlage"],
  ["Bookkeeping settings", "Boekhoudinstellingen"],
  ["Company", "Bedrijf"],
  ["Contact", "Contact"],
  ["Expense", "Uitgave"],
  ["Hour", "Urenregistratie"],
  ["Journal entry", "Memoriaalboeking"],
  ["Payment", "Betaling"],
  ["Plan", "Abonnement"],
  ["Product", "Product"],
  ["Request", "Verzoek"],
  ["Quotation", "Offerte"],
  ["Ride", "Rit"],
  ["Sales invoice", "Verkoopfactuur"],
  ["Template", "Sjabloon"],
  ["User", "Gebruiker"],
  ["VAT return", "Btw-aangifte"],
  ["VAT type", "Btw-soort"],
]);

// biome-ignore format: one message a line reads best
const MESSAGES: ReadonlyMap<string, string> = new Map([
  ["A form field must not contain a NUL character", "Een formulierveld mag geen NUL-teken bevatten"],
  ["A path parameter of the URL is too long", "Een padparameter van de URL is te lang"],
  ["Access to this company is denied", "Toegang tot dit bedrijf is geweigerd"],
  ["No access token was given", "Er is geen toegangstoken meegegeven"],
  ["Only the owner of a company can delete it", "Alleen de eigenaar van een bedrijf kan het verwijderen"],
  ["Request bodies must be JSON (Content-Type: application/json)", "De inhoud van een verzoek moet JSON zijn (Content-Type: application/json)"],
  ["Something went wrong on our side; please try again later", "Er ging aan onze kant iets mis; probeer het later opnieuw"],
  ["The access token expired", "Het toegangstoken is verlopen"],
  ["The access token is unknown", "Het toegangstoken is onbekend"],
  ["The access token was revoked", "Het toegangstoken is ingetrokken"],
  ["The Authorization header must be 'Bearer <token>'", "De Authorization-header moet 'Bearer <token>' zijn"],
  ["The metrics token is wrong", "Het metrics-token is onjuist"],
  ["The request body is not valid JSON", "De inhoud van het verzoek is geen geldige JSON"],
  ["The request body is too large", "De inhoud van het verzoek is te groot"],
  ["The request could not be read", "Het verzoek kon niet worden gelezen"],
  ["The URL path is not validly percent-encoded", "Het pad van de URL is niet geldig procent-gecodeerd"],
  ["Too many requests; try again after the number of seconds in the Retry-After header", "Te veel verzoeken; probeer het opnieuw na het aantal seconden in de Retry-After-header"],
]);

/** What a plan allows at most, after the number (plans/rules.ts `LIMITS`). */
const PLAN_LIMITS: ReadonlyMap<string, string> = new Map([
  ["contact", "contact"],
  ["contacts", "contacten"],
  ["product", "product"],
  ["products", "producten"],
  ["company per user", "bedrijf per gebruiker"],
  ["companies per user", "bedrijven per gebruiker"],
  ["sales invoice per month", "verkoopfactuur per maand"],
  ["sales invoices per month", "verkoopfacturen per maand"],
  ["quotation per month", "offerte per maand"],
  ["quotations per month", "offertes per maand"],
]);

/** Why a quotation's signing link no longer works (quotations/signing.ts `signingState`). */
const LINK_STATES: ReadonlyMap<string, string> = new Map([
  ["closed", "gesloten"],
  ["decided", "er is al beslist"],
  ["expired", "verlopen"],
]);

// Two ways to say an error in Dutch. From its parts (`details`), each part stands alone: an
// unknown resource or problem keeps its English words and the rest is Dutch. From its message
// alone, the message is recognised whole or not at all: a guess at half a sentence we do not
// know could say something else, so an unrecognised message stays English as a whole.

const invalidInDutch = (resource: string, problems: string) => `${resource} is ongeldig: ${problems}`;
const notFoundInDutch = (resource: string) => `${resource} niet gevonden`;
const parameterInDutch = (name: string, problem: string) => `Parameter ${name} ${problem}`;

/** `render(dutch)`, or null when a part has no Dutch (the rule then does not apply). */
function nullUnless(dutch: string | null, render: (dutch: string) => string | null): string | null {
  return dutch === null ? null : render(dutch);
}

/** "; "-separated statements: the whole text first (a statement may hold "; " itself), then each. */
function statementsInDutch(text: string): string | null {
  const whole = statementInDutch(text);
  if (whole !== null) return whole;
  const parts = text.split("; ").map(statementInDutch);
  return parts.every((part) => part !== null) ? parts.join("; ") : null;
}

const MESSAGE_RULES: readonly Rule[] = [
  {
    english: /^(.+?) is invalid: (.+)$/s,
    dutch: ([name = "", rest = ""]) =>
      nullUnless(resourceInDutch(name), (dutchName) =>
        nullUnless(statementsInDutch(rest), (problems) => invalidInDutch(dutchName, problems)),
      ),
  },
  { english: /^(.+?) not found$/s, dutch: ([name = ""]) => nullUnless(resourceInDutch(name), notFoundInDutch) },
  {
    english: /^Unpermitted parameter(s?) in (\S+): (.+)$/s,
    dutch: ([plural, wrapper, keys]) => `Niet-toegestane parameter${plural} in ${wrapper}: ${keys}`,
  },
  {
    english: /^Parameter (\S+) (.+)$/s,
    dutch: ([name = "", rest = ""]) =>
      nullUnless(problemInDutch(rest), (dutchProblem) => parameterInDutch(name, dutchProblem)),
  },
  {
    english: /^Header (\S+) (.+)$/s,
    dutch: ([name = "", rest = ""]) =>
      nullUnless(problemInDutch(rest), (dutchProblem) => `Header ${name} ${dutchProblem}`),
  },
  {
    english: /^(.+?) cannot be deleted: a published document uses it$/s,
    dutch: ([name = ""]) =>
      nullUnless(
        resourceInDutch(name),
        (dutchName) => `${dutchName} kan niet worden verwijderd: een gepubliceerd document gebruikt het`,
      ),
  },
  { english: /^No endpoint (.+)$/s, dutch: ([endpoint]) => `Er is geen endpoint ${endpoint}` },
  {
    english: /^The plan '([^']+)' allows at most (\d+) (.+)$/s,
    dutch: ([plan, most, limit = ""]) =>
      nullUnless(
        PLAN_LIMITS.get(limit) ?? null,
        (what) => `Het abonnement '${plan}' staat hoogstens ${most} ${what} toe`,
      ),
  },
  {
    english: /^No user with e-mail address (.+)$/s,
    dutch: ([email]) => `Er is geen gebruiker met e-mailadres ${email}`,
  },
  { english: /^This token lacks the scope (\S+)$/, dutch: ([scope]) => `Dit token heeft de scope ${scope} niet` },
  {
    english: /^The scope (\S+) is not allowed for this company$/,
    dutch: ([scope]) => `De scope ${scope} is niet toegestaan voor dit bedrijf`,
  },
  {
    english: /^The password (.+)$/s,
    dutch: ([rest = ""]) => nullUnless(problemInDutch(rest), (p) => `Het wachtwoord ${p}`),
  },
  {
    english: /^This quotation (.+)$/s,
    dutch: ([rest = ""]) => nullUnless(problemInDutch(rest), (p) => `Deze offerte ${p}`),
  },
  {
    english: /^This link can no longer be used \((\S+)\)$/,
    dutch: ([state = ""]) => nullUnless(LINK_STATES.get(state) ?? null, (s) => `Deze link werkt niet meer (${s})`),
  },
  {
    english: /^The request body is nested too deeply \(at most (\d+) levels\)$/,
    dutch: ([most]) => `De inhoud van het verzoek is te diep genest (hoogstens ${most} niveaus)`,
  },
  {
    english: /^The request body has an array of more than (\d+) elements$/,
    dutch: ([most]) => `De inhoud van het verzoek bevat een lijst (array) van meer dan ${most} elementen`,
  },
  {
    english: /^Type your name \(at most (\d+) characters\)$/,
    dutch: ([most]) => `Vul uw naam in (hoogstens ${most} tekens)`,
  },
];

/**
 * The Dutch of a whole English message, or null when the catalogue does not know it. A message
 * that is a list of statements (`a; b`) is translated only when every statement is.
 */
export function messageInDutch(message: string): string | null {
  return MESSAGES.get(message) ?? firstTranslation(MESSAGE_RULES, message) ?? statementsInDutch(message);
}

/** The Dutch name of a resource, or null when there is none. */
export function resourceInDutch(name: string): string | null {
  return RESOURCES.get(name) ?? null;
}

/** Each part in Dutch where the catalogue has it, in English where it has not. */
const resource = (name: string) => resourceInDutch(name) ?? name;
const problem = (english: string) => problemInDutch(english) ?? english;

function listed(problems: readonly AttributeProblem[]): string {
  return problems.map((entry) => `${entry.attribute} ${problem(entry.problem)}`).join("; ");
}

function detailsInDutch(details: ErrorDetails): string {
  switch (details.kind) {
    case "invalid":
      return invalidInDutch(resource(details.resource), listed(details.problems));
    case "not_found":
      return notFoundInDutch(resource(details.resource));
    case "parameter":
      return parameterInDutch(details.name, problem(details.problem));
  }
}

/** The error's message for a reader of `language`. */
export function localiseError(error: ApiError, language: Language): string {
  if (language === "en") return error.message;
  if (error.details !== undefined) return detailsInDutch(error.details);
  return messageInDutch(error.message) ?? error.message;
}
