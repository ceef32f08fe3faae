/**
 * The OAuth pages: the consent page (which application, what it may do in plain words, on which
 * companies, approve or deny) and the list of applications a user authorised, each with a
 * Revoke button. Pure: view in, document out; every value goes through `html`, so it is escaped.
 * Every form carries the CSRF field; every checkbox has a label; companies are a fieldset.
 */
import { html, page, type SafeHtml } from "../../platform/pages/html.js";
import { SCOPE_DESCRIPTIONS } from "../../platform/scope-descriptions.js";
import type { Scope } from "../../platform/scopes.js";
import type { GrantableCompany } from "./authorize-service.js";
import type { Application } from "./grant-service.js";

export const AUTHORIZE_PATH = "/oauth/authorize";
export const APPLICATIONS_PATH = "/account/applications";

/** The form field that ticks one company on the consent page. */
export function companyFieldName(companyId: number): string {
  return `company_${companyId}`;
}

function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf_token" value="${token}">`;
}

function scopeList(scopes: readonly Scope[]): SafeHtml {
  return html`<ul>
${scopes.map((scope) => html`<li>${SCOPE_DESCRIPTIONS[scope]} <span class="muted">(<code>${scope}</code>)</span></li>\n`)}
</ul>`;
}

export interface ConsentView {
  email: string;
  clientName: string;
  /** where the browser goes afterwards, shown so a person can spot a look-alike application */
  redirectOrigin: string;
  scopes: readonly Scope[];
  companies: readonly GrantableCompany[];
  /** the authorization request's parameters, posted back unchanged */
  parameters: Readonly<Record<string, string>>;
  csrfToken: string;
  /** why the last answer was refused */
  error: string | null;
}

function companyChoice(company: GrantableCompany): SafeHtml {
  const id = `company-${company.id}`;
  const note = company.apiAccessible ? null : html` <span class="muted">(API access is currently switched off)</span>`;
  return html`<div class="choice">
<input type="checkbox" id="${id}" name="${companyFieldName(company.id)}" value="1" checked>
<label for="${id}">${company.name}${note}</label>
</div>`;
}

function companyChoices(view: ConsentView): SafeHtml {
  if (view.companies.length === 0) {
    return html`<p class="notice error" role="alert">You are not a member of any company, so there is nothing to give ${view.clientName} access to.</p>`;
  }
  return html`<fieldset>
<legend>On which companies?</legend>
${view.companies.map(companyChoice)}
</fieldset>`;
}

export function consentPage(view: ConsentView): string {
  const hidden = Object.entries(view.parameters).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">\n`,
  );
  const approve =
    view.companies.length === 0
      ? null
      : html`<button type="submit" name="decision" value="approve">Allow access</button>`;
  return page({
    title: `Allow ${view.clientName} access? · Kasboek`,
    body: html`<p class="muted">Signed in as <strong>${view.email}</strong></p>
<h1>Allow <strong>${view.clientName}</strong> to use your Kasboek data?</h1>
${view.error === null ? null : html`<p class="notice error" role="alert">${view.error}</p>`}
<p>${view.clientName} asks to:</p>
${scopeList(view.scopes)}
<form method="post" action="${AUTHORIZE_PATH}">
${csrfField(view.csrfToken)}
${hidden}
${companyChoices(view)}
<p>Afterwards you go back to <strong>${view.redirectOrigin}</strong>. You can withdraw this access at any time under <a href="${APPLICATIONS_PATH}">Applications you authorised</a>.</p>
${approve}
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  });
}

export interface ApplicationsView {
  email: string;
  csrfToken: string;
  applications: readonly Application[];
  /** company names by id, for the companies the user can still see */
  companyNames: ReadonlyMap<number, string>;
  /** set right after a revocation */
  revoked: boolean;
}

/** "2024-03-02T10:15:00.000Z" → "2024-03-02 10:15 UTC" */
function when(isoUtc: string): string {
  return `${isoUtc.slice(0, 10)} ${isoUtc.slice(11, 16)} UTC`;
}

function applicationRow(application: Application, view: ApplicationsView): SafeHtml {
  const companies = application.companyIds.map((id) => view.companyNames.get(id) ?? `company ${id}`).join(", ");
  return html`<tr>
<td>${application.clientName}</td>
<td>${application.scopes.map((scope) => html`<code title="${SCOPE_DESCRIPTIONS[scope]}">${scope}</code> `)}</td>
<td>${companies}</td>
<td>${when(application.since)}</td>
<td><form method="post" action="${APPLICATIONS_PATH}/${application.grantId}/revoke" class="inline">
${csrfField(view.csrfToken)}
<button type="submit" class="danger" aria-label="Revoke access of ${application.clientName}">Revoke</button>
</form></td>
</tr>`;
}

function applicationTable(view: ApplicationsView): SafeHtml {
  if (view.applications.length === 0) return html`<p>You have not authorised any application.</p>`;
  return html`<div class="table-wrap">
<table>
<caption>Each application keeps its access until you revoke it.</caption>
<thead><tr><th scope="col">Application</th><th scope="col">May</th><th scope="col">Companies</th><th scope="col">Since</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>
${view.applications.map((application) => applicationRow(application, view))}
</tbody>
</table>
</div>`;
}

export function applicationsPage(view: ApplicationsView): string {
  return page({
    title: "Applications you authorised · Kasboek",
    body: html`<p class="muted">Signed in as <strong>${view.email}</strong> · <a href="/account">Your account</a></p>
<h1>Applications you authorised</h1>
${view.revoked ? html`<p class="notice ok" role="status">Access revoked: the application's tokens no longer work.</p>` : null}
<p>These applications can use the Kasboek API for you, within what you allowed. Revoking one ends its access at once.</p>
${applicationTable(view)}`,
  });
}
