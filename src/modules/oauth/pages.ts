/**
 * The OAuth pages, in Dutch or English: the consent page (which application, what it may do in
 * plain words, on which companies, approve or deny), the list of applications a user authorised,
 * each with a Revoke button, and the words of the endpoints' error pages. Pure: view in, document
 * out; every value goes through `html`, so it is escaped. Every form carries the CSRF field;
 * every checkbox has a label; companies are a fieldset. Every word a reader sees comes from
 * TEXTS (and the scope descriptions).
 */
import type { Language } from "../../platform/language.js";
import { type HtmlDocument, html, page, type SafeHtml } from "../../platform/pages/html.js";
import type { PageMessage } from "../../platform/pages/respond.js";
import { scopeDescription } from "../../platform/scope-descriptions.js";
import type { Scope } from "../../platform/scopes.js";
import type { GrantableCompany } from "./authorize-service.js";
import type { Application } from "./grant-service.js";

export const AUTHORIZE_PATH = "/oauth/authorize";
export const APPLICATIONS_PATH = "/account/applications";

/** The error pages of the OAuth page routes. */
export type OAuthPageError = "forgedConsent" | "unreadableDecision" | "forgedApplications" | "noSuchApplication";

interface OAuthTexts {
  signedInAs: string;
  consentTitle: (client: string) => string;
  consentHeading: (client: SafeHtml) => SafeHtml;
  asksTo: (client: string) => string;
  whichCompanies: string;
  apiSwitchedOff: string;
  noCompanies: (client: string) => string;
  afterwards: (origin: SafeHtml, link: SafeHtml) => SafeHtml;
  allow: string;
  deny: string;
  noCompanyChosen: string;
  applications: string;
  yourAccount: string;
  accessRevoked: string;
  applicationsIntro: string;
  noApplications: string;
  applicationsCaption: string;
  columns: { application: string; may: string; companies: string; since: string; action: string };
  company: (id: number) => string;
  /** "2024-03-02T10:15:00.000Z" as the reader writes a moment */
  when: (isoUtc: string) => string;
  revoke: string;
  revokeLabel: (client: string) => string;
  errors: Record<OAuthPageError, PageMessage>;
}

const time = (isoUtc: string) => `${isoUtc.slice(11, 16)} UTC`;

const TEXTS: Record<Language, OAuthTexts> = {
  nl: {
    signedInAs: "Ingelogd als",
    consentTitle: (client) => `Toegang geven aan ${client}? · Kasboek`,
    consentHeading: (client) => html`Mag ${client} uw gegevens in Kasboek gebruiken?`,
    asksTo: (client) => `${client} vraagt om:`,
    whichCompanies: "Voor welke bedrijven?",
    apiSwitchedOff: "(API-toegang staat op dit moment uit)",
    noCompanies: (client) => `U bent geen lid van een bedrijf, dus er is niets waartoe u ${client} toegang kunt geven.`,
    afterwards: (origin, link) =>
      html`Daarna gaat u terug naar ${origin}. U kunt deze toegang altijd weer intrekken onder ${link}.`,
    allow: "Toegang toestaan",
    deny: "Weigeren",
    noCompanyChosen: "Kies ten minste één bedrijf.",
    applications: "Toepassingen waaraan u toegang hebt gegeven",
    yourAccount: "Uw account",
    accessRevoked: "Toegang ingetrokken: de tokens van de toepassing werken niet meer.",
    applicationsIntro:
      "Deze toepassingen kunnen de Kasboek-API namens u gebruiken, binnen wat u hebt toegestaan. Trekt u de toegang van een toepassing in, dan houdt die meteen op.",
    noApplications: "U hebt nog geen enkele toepassing toegang gegeven.",
    applicationsCaption: "Een toepassing houdt haar toegang tot u die intrekt.",
    columns: { application: "Toepassing", may: "Mag", companies: "Bedrijven", since: "Sinds", action: "Actie" },
    company: (id) => `bedrijf ${id}`,
    when: (isoUtc) => `${isoUtc.slice(8, 10)}-${isoUtc.slice(5, 7)}-${isoUtc.slice(0, 4)} ${time(isoUtc)}`,
    revoke: "Intrekken",
    revokeLabel: (client) => `Toegang van ${client} intrekken`,
    errors: {
      forgedConsent: {
        title: "Het formulier kon niet worden geaccepteerd",
        message:
          "Het formulier is niet vanaf deze toestemmingspagina verstuurd, of de pagina stond te lang open. Er is geen toegang gegeven. Begin opnieuw vanuit de toepassing.",
      },
      unreadableDecision: {
        title: "Het formulier kon niet worden gelezen",
        message: "Kies Toegang toestaan of Weigeren.",
      },
      forgedApplications: {
        title: "Het formulier kon niet worden geaccepteerd",
        message:
          "Het formulier is niet vanaf uw pagina met toepassingen verstuurd, of de pagina stond te lang open. Er is niets gewijzigd. Open de pagina opnieuw.",
      },
      noSuchApplication: {
        title: "Toepassing niet gevonden",
        message: "U hebt onder dat nummer geen toepassing toegang gegeven.",
      },
    },
  },
  en: {
    signedInAs: "Signed in as",
    consentTitle: (client) => `Allow ${client} access? · Kasboek`,
    consentHeading: (client) => html`Allow ${client} to use your Kasboek data?`,
    asksTo: (client) => `${client} asks to:`,
    whichCompanies: "On which companies?",
    apiSwitchedOff: "(API access is currently switched off)",
    noCompanies: (client) => `You are not a member of any company, so there is nothing to give ${client} access to.`,
    afterwards: (origin, link) =>
      html`Afterwards you go back to ${origin}. You can withdraw this access at any time under ${link}.`,
    allow: "Allow access",
    deny: "Deny",
    noCompanyChosen: "Choose at least one company.",
    applications: "Applications you authorised",
    yourAccount: "Your account",
    accessRevoked: "Access revoked: the application's tokens no longer work.",
    applicationsIntro:
      "These applications can use the Kasboek API for you, within what you allowed. Revoking one ends its access at once.",
    noApplications: "You have not authorised any application.",
    applicationsCaption: "Each application keeps its access until you revoke it.",
    columns: { application: "Application", may: "May", companies: "Companies", since: "Since", action: "Action" },
    company: (id) => `company ${id}`,
    when: (isoUtc) => `${isoUtc.slice(0, 10)} ${time(isoUtc)}`,
    revoke: "Revoke",
    revokeLabel: (client) => `Revoke access of ${client}`,
    errors: {
      forgedConsent: {
        title: "The form could not be accepted",
        message:
          "The form was not sent from this consent page, or the page was open too long. Nothing has been allowed. Please start again from the application.",
      },
      unreadableDecision: { title: "The form could not be read", message: "Please choose Allow access or Deny." },
      forgedApplications: {
        title: "The form could not be accepted",
        message:
          "The form was not sent from your applications page, or the page was open too long. Nothing has been changed. Please open the page again.",
      },
      noSuchApplication: {
        title: "No such application",
        message: "You have not authorised an application under that number.",
      },
    },
  },
};

/**
 * The Dutch words for the error page of a request that cannot be trusted. The authorization
 * service words its reasons in English only, so they are looked up by that text; a reason not
 * listed here still gets a Dutch page, with the general sentence.
 */
const UNTRUSTED_NL = {
  title: "Deze link van de toepassing is niet geldig",
  general: "De toepassing stuurde een verzoek dat niet klopt. Probeer het opnieuw vanuit de toepassing.",
  reasons: new Map<string, string>([
    [
      "The application sent no client_id, or more than one.",
      "De toepassing stuurde geen client_id mee, of meer dan één.",
    ],
    ["The application is not registered with this service.", "De toepassing is niet bij deze dienst geregistreerd."],
    [
      "The application sent no redirect_uri, or more than one.",
      "De toepassing stuurde geen redirect_uri mee, of meer dan één.",
    ],
    [
      "The application asked to be sent to an address it did not register.",
      "De toepassing vroeg om u door te sturen naar een adres dat zij niet heeft geregistreerd.",
    ],
  ]),
};

/** The error page of an authorization request that cannot be trusted, in `language`. */
export function untrustedRequestText(language: Language, english: PageMessage): PageMessage {
  if (language === "en") return english;
  return { title: UNTRUSTED_NL.title, message: UNTRUSTED_NL.reasons.get(english.message) ?? UNTRUSTED_NL.general };
}

/** An error page of the OAuth page routes, in `language`. */
export function oauthErrorText(language: Language, error: OAuthPageError): PageMessage {
  return TEXTS[language].errors[error];
}

/** The form field that ticks one company on the consent page. */
export function companyFieldName(companyId: number): string {
  return `company_${companyId}`;
}

function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf_token" value="${token}">`;
}

function scopeList(scopes: readonly Scope[], language: Language): SafeHtml {
  return html`<ul>
${scopes.map((scope) => html`<li>${scopeDescription(scope, language)} <span class="muted">(<code>${scope}</code>)</span></li>\n`)}
</ul>`;
}

export interface ConsentView {
  language: Language;
  email: string;
  clientName: string;
  /** where the browser goes afterwards, shown so a person can spot a look-alike application */
  redirectOrigin: string;
  scopes: readonly Scope[];
  companies: readonly GrantableCompany[];
  /** the authorization request's parameters, posted back unchanged */
  parameters: Readonly<Record<string, string>>;
  csrfToken: string;
  /** set when the last answer ticked no company */
  noCompanyChosen: boolean;
}

function companyChoice(company: GrantableCompany, texts: OAuthTexts): SafeHtml {
  const id = `company-${company.id}`;
  const note = company.apiAccessible ? null : html` <span class="muted">${texts.apiSwitchedOff}</span>`;
  return html`<div class="choice">
<input type="checkbox" id="${id}" name="${companyFieldName(company.id)}" value="1" checked>
<label for="${id}">${company.name}${note}</label>
</div>`;
}

function companyChoices(view: ConsentView, texts: OAuthTexts): SafeHtml {
  if (view.companies.length === 0) {
    return html`<p class="notice error" role="alert">${texts.noCompanies(view.clientName)}</p>`;
  }
  return html`<fieldset>
<legend>${texts.whichCompanies}</legend>
${view.companies.map((company) => companyChoice(company, texts))}
</fieldset>`;
}

export function consentPage(view: ConsentView): HtmlDocument {
  const texts = TEXTS[view.language];
  const hidden = Object.entries(view.parameters).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">\n`,
  );
  const approve =
    view.companies.length === 0
      ? null
      : html`<button type="submit" name="decision" value="approve">${texts.allow}</button>`;
  const afterwards = texts.afterwards(
    html`<strong>${view.redirectOrigin}</strong>`,
    html`<a href="${APPLICATIONS_PATH}">${texts.applications}</a>`,
  );
  return page({
    language: view.language,
    title: texts.consentTitle(view.clientName),
    body: html`<p class="muted">${texts.signedInAs} <strong>${view.email}</strong></p>
<h1>${texts.consentHeading(html`<strong>${view.clientName}</strong>`)}</h1>
${view.noCompanyChosen ? html`<p class="notice error" role="alert">${texts.noCompanyChosen}</p>` : null}
<p>${texts.asksTo(view.clientName)}</p>
${scopeList(view.scopes, view.language)}
<form method="post" action="${AUTHORIZE_PATH}">
${csrfField(view.csrfToken)}
${hidden}
${companyChoices(view, texts)}
<p>${afterwards}</p>
${approve}
<button type="submit" name="decision" value="deny" class="secondary">${texts.deny}</button>
</form>`,
  });
}

export interface ApplicationsView {
  language: Language;
  email: string;
  csrfToken: string;
  applications: readonly Application[];
  /** company names by id, for the companies the user can still see */
  companyNames: ReadonlyMap<number, string>;
  /** set right after a revocation */
  revoked: boolean;
}

function applicationRow(application: Application, view: ApplicationsView, texts: OAuthTexts): SafeHtml {
  const companies = application.companyIds.map((id) => view.companyNames.get(id) ?? texts.company(id)).join(", ");
  return html`<tr>
<td>${application.clientName}</td>
<td>${application.scopes.map((scope) => html`<code title="${scopeDescription(scope, view.language)}">${scope}</code> `)}</td>
<td>${companies}</td>
<td>${texts.when(application.since)}</td>
<td><form method="post" action="${APPLICATIONS_PATH}/${application.grantId}/revoke" class="inline">
${csrfField(view.csrfToken)}
<button type="submit" class="danger" aria-label="${texts.revokeLabel(application.clientName)}">${texts.revoke}</button>
</form></td>
</tr>`;
}

function applicationTable(view: ApplicationsView, texts: OAuthTexts): SafeHtml {
  if (view.applications.length === 0) return html`<p>${texts.noApplications}</p>`;
  const columns = texts.columns;
  return html`<div class="table-wrap">
<table>
<caption>${texts.applicationsCaption}</caption>
<thead><tr><th scope="col">${columns.application}</th><th scope="col">${columns.may}</th><th scope="col">${columns.companies}</th><th scope="col">${columns.since}</th><th scope="col"><span class="muted">${columns.action}</span></th></tr></thead>
<tbody>
${view.applications.map((application) => applicationRow(application, view, texts))}
</tbody>
</table>
</div>`;
}

export function applicationsPage(view: ApplicationsView): HtmlDocument {
  const texts = TEXTS[view.language];
  return page({
    language: view.language,
    title: `${texts.applications} · Kasboek`,
    body: html`<p class="muted">${texts.signedInAs} <strong>${view.email}</strong> · <a href="/account">${texts.yourAccount}</a></p>
<h1>${texts.applications}</h1>
${view.revoked ? html`<p class="notice ok" role="status">${texts.accessRevoked}</p>` : null}
<p>${texts.applicationsIntro}</p>
${applicationTable(view, texts)}`,
  });
}
