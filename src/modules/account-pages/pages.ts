/**
 * The account page: who is signed in, their personal API tokens (each with a Revoke button), the
 * form that creates one by ticking scopes, and — only on the response that created it — the new
 * token; in Dutch or English. Pure: view in, document out; every value goes through `html`, so
 * it is escaped. Every form carries the CSRF field; every input has a label; scopes are a
 * fieldset with a legend. Every word a reader sees comes from TEXTS (and the scope descriptions).
 */
import type { Language } from "../../platform/language.js";
import { type HtmlDocument, html, page, type SafeHtml } from "../../platform/pages/html.js";
import type { PageMessage } from "../../platform/pages/respond.js";
import { scopeDescription } from "../../platform/scope-descriptions.js";
import { ALL_SCOPES, type Scope } from "../../platform/scopes.js";
import type { TokenSummary } from "../tokens/service.js";
import { TOKEN_NAME_MAX_LENGTH, type TokenProblem } from "./service.js";

interface AccountTexts {
  title: string;
  heading: string;
  signedInAs: string;
  signOut: string;
  navigation: string;
  applications: string;
  tokensHeading: string;
  tokensIntro: string;
  createHeading: string;
  createdHeading: (name: string) => string;
  createdCopyNow: string;
  token: string;
  createdUse: (header: SafeHtml) => SafeHtml;
  noTokens: string;
  caption: string;
  columns: { name: string; scopes: string; created: string; status: string; action: string };
  noName: string;
  revoke: string;
  revokeLabel: (name: string) => string;
  active: string;
  revokedOn: (when: string) => string;
  /** "2024-03-02T10:15:00.000Z" as the reader writes a moment */
  when: (isoUtc: string) => string;
  nameLabel: string;
  scopesLegend: string;
  create: string;
  problems: Record<TokenProblem, string>;
  forgedForm: PageMessage;
  noSuchToken: PageMessage;
}

const time = (isoUtc: string) => `${isoUtc.slice(11, 16)} UTC`;

const TEXTS: Record<Language, AccountTexts> = {
  nl: {
    title: "Uw account · Kasboek",
    heading: "Uw account",
    signedInAs: "Ingelogd als",
    signOut: "Uitloggen",
    navigation: "Account",
    applications: "Toepassingen waaraan u toegang hebt gegeven",
    tokensHeading: "Persoonlijke API-tokens",
    tokensIntro:
      "Met een persoonlijk token gebruikt een programma van u de Kasboek-API namens u, binnen de bevoegdheden die u aanvinkt, in elk bedrijf waarvan u lid bent.",
    createHeading: "Een persoonlijk token aanmaken",
    createdHeading: (name) => `Uw nieuwe token “${name}”`,
    createdCopyNow:
      "Kopieer het nu: het wordt alleen deze ene keer getoond en Kasboek bewaart geen kopie die het later nog kan laten zien.",
    token: "Token",
    createdUse: (header) => html`Stuur het bij elk API-verzoek mee als ${header}.`,
    noTokens: "U hebt nog geen persoonlijke API-tokens.",
    caption: "Een token blijft geldig tot u het intrekt.",
    columns: { name: "Naam", scopes: "Bevoegdheden", created: "Aangemaakt", status: "Status", action: "Actie" },
    noName: "(geen naam)",
    revoke: "Intrekken",
    revokeLabel: (name) => `${name} intrekken`,
    active: "Actief",
    revokedOn: (when) => `Ingetrokken op ${when}`,
    when: (isoUtc) => `${isoUtc.slice(8, 10)}-${isoUtc.slice(5, 7)}-${isoUtc.slice(0, 4)} ${time(isoUtc)}`,
    nameLabel: "Naam",
    scopesLegend: "Wat mag het token doen?",
    create: "Token aanmaken",
    problems: {
      "name-missing": "Geef het token een naam, zodat u het later herkent.",
      "name-too-long": `De naam mag hoogstens ${TOKEN_NAME_MAX_LENGTH} tekens lang zijn.`,
      "no-scopes": "Vink ten minste één ding aan dat het token mag doen.",
    },
    forgedForm: {
      title: "Het formulier kon niet worden geaccepteerd",
      message:
        "Het formulier is niet vanaf uw accountpagina verstuurd, of de pagina stond te lang open. Er is niets gewijzigd. Open uw accountpagina opnieuw.",
    },
    noSuchToken: { title: "Token niet gevonden", message: "U hebt geen persoonlijk token met dat nummer." },
  },
  en: {
    title: "Your account · Kasboek",
    heading: "Your account",
    signedInAs: "Signed in as",
    signOut: "Sign out",
    navigation: "Account",
    applications: "Applications you authorised",
    tokensHeading: "Personal API tokens",
    tokensIntro:
      "A personal token lets a program of yours use the Kasboek API as you, within the scopes you tick, in every company you are a member of.",
    createHeading: "Create a personal token",
    createdHeading: (name) => `Your new token “${name}”`,
    createdCopyNow: "Copy it now: it is shown only this once and Kasboek keeps no copy it could show again.",
    token: "Token",
    createdUse: (header) => html`Send it as ${header} with every API request.`,
    noTokens: "You have no personal API tokens yet.",
    caption: "Tokens stay valid until revoked.",
    columns: { name: "Name", scopes: "Scopes", created: "Created", status: "Status", action: "Action" },
    noName: "(no name)",
    revoke: "Revoke",
    revokeLabel: (name) => `Revoke ${name}`,
    active: "Active",
    revokedOn: (when) => `Revoked ${when}`,
    when: (isoUtc) => `${isoUtc.slice(0, 10)} ${time(isoUtc)}`,
    nameLabel: "Name",
    scopesLegend: "What may the token do?",
    create: "Create token",
    problems: {
      "name-missing": "Give the token a name, so you can recognise it later.",
      "name-too-long": `The name can be at most ${TOKEN_NAME_MAX_LENGTH} characters.`,
      "no-scopes": "Tick at least one thing the token may do.",
    },
    forgedForm: {
      title: "The form could not be accepted",
      message:
        "The form was not sent from your account page, or the page was open too long. Nothing has been changed. Please open your account page again.",
    },
    noSuchToken: { title: "No such token", message: "You have no personal token with that number." },
  },
};

/** The error pages of the account routes, in `language`. */
export function accountErrorText(language: Language, error: "forgedForm" | "noSuchToken"): PageMessage {
  return TEXTS[language][error];
}

export interface AccountView {
  language: Language;
  email: string;
  csrfToken: string;
  tokens: TokenSummary[];
  /** the token just created, shown this once */
  created: { name: string; token: string } | null;
  /** the create form as typed, with why it was refused */
  form: { name: string; scopes: readonly Scope[]; problem: TokenProblem | null };
}

export function scopeFieldName(scope: Scope): string {
  return `scope_${scope}`;
}

const scopeFieldId = (scope: Scope) => `scope-${scope.replace(/[^a-z_]/g, "-")}`;

function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf_token" value="${token}">`;
}

function createdNotice(view: AccountView, texts: AccountTexts): SafeHtml | null {
  const created = view.created;
  if (created === null) return null;
  return html`<section class="notice ok" aria-labelledby="created-heading">
<h2 id="created-heading">${texts.createdHeading(created.name)}</h2>
<p>${texts.createdCopyNow}</p>
<label for="new_token">${texts.token}</label>
<input type="text" id="new_token" class="secret" readonly autocomplete="off" spellcheck="false" value="${created.token}">
<p>${texts.createdUse(html`<code>Authorization: Bearer &lt;token&gt;</code>`)}</p>
</section>`;
}

function tokenRow(token: TokenSummary, csrfToken: string, texts: AccountTexts): SafeHtml {
  const name = token.name ?? texts.noName;
  const action =
    token.revoked_at === null
      ? html`<form method="post" action="/account/tokens/${token.id}/revoke" class="inline">
${csrfField(csrfToken)}
<button type="submit" class="danger" aria-label="${texts.revokeLabel(name)}">${texts.revoke}</button>
</form>`
      : null;
  const status = token.revoked_at === null ? texts.active : texts.revokedOn(texts.when(token.revoked_at));
  return html`<tr>
<td>${name}</td>
<td>${token.scopes.map((scope) => html`<code>${scope}</code> `)}</td>
<td>${texts.when(token.created_at)}</td>
<td>${status}</td>
<td>${action}</td>
</tr>`;
}

function tokenTable(view: AccountView, texts: AccountTexts): SafeHtml {
  if (view.tokens.length === 0) return html`<p>${texts.noTokens}</p>`;
  const columns = texts.columns;
  return html`<div class="table-wrap">
<table>
<caption>${texts.caption}</caption>
<thead><tr><th scope="col">${columns.name}</th><th scope="col">${columns.scopes}</th><th scope="col">${columns.created}</th><th scope="col">${columns.status}</th><th scope="col"><span class="muted">${columns.action}</span></th></tr></thead>
<tbody>
${view.tokens.map((token) => tokenRow(token, view.csrfToken, texts))}
</tbody>
</table>
</div>`;
}

function scopeChoice(scope: Scope, ticked: boolean, language: Language): SafeHtml {
  const id = scopeFieldId(scope);
  return html`<div class="choice">
<input type="checkbox" id="${id}" name="${scopeFieldName(scope)}" value="1"${ticked ? html` checked` : null}>
<label for="${id}"><code>${scope}</code> — ${scopeDescription(scope, language)}</label>
</div>`;
}

function createForm(view: AccountView, texts: AccountTexts): SafeHtml {
  const problem = view.form.problem;
  return html`<form method="post" action="/account/tokens">
${csrfField(view.csrfToken)}
${problem === null ? null : html`<p id="create_error" class="notice error" role="alert">${texts.problems[problem]}</p>`}
<div class="field">
<label for="token_name">${texts.nameLabel}</label>
<input type="text" id="token_name" name="name" required maxlength="${TOKEN_NAME_MAX_LENGTH}" value="${view.form.name}"${problem === null ? null : html` aria-describedby="create_error"`}>
</div>
<fieldset>
<legend>${texts.scopesLegend}</legend>
${ALL_SCOPES.map((scope) => scopeChoice(scope, view.form.scopes.includes(scope), view.language))}
</fieldset>
<button type="submit">${texts.create}</button>
</form>`;
}

export function accountPage(view: AccountView): HtmlDocument {
  const texts = TEXTS[view.language];
  return page({
    language: view.language,
    title: texts.title,
    body: html`<header class="bar">
<p>${texts.signedInAs} <strong>${view.email}</strong></p>
<form method="post" action="/logout" class="inline">
${csrfField(view.csrfToken)}
<button type="submit" class="secondary">${texts.signOut}</button>
</form>
</header>
<h1>${texts.heading}</h1>
<nav aria-label="${texts.navigation}"><ul><li><a href="/account/applications">${texts.applications}</a></li></ul></nav>
${createdNotice(view, texts)}
<h2>${texts.tokensHeading}</h2>
<p>${texts.tokensIntro}</p>
${tokenTable(view, texts)}
<h2>${texts.createHeading}</h2>
${createForm(view, texts)}`,
  });
}
