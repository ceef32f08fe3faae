/**
 * The account page: who is signed in, their personal API tokens (each with a Revoke button), the
 * form that creates one by ticking scopes, and — only on the response that created it — the new
 * token. Pure: view in, document out; every value goes through `html`, so it is escaped. Every
 * form carries the CSRF field; every input has a label; scopes are a fieldset with a legend.
 */
import { html, page, type SafeHtml } from "../../platform/pages/html.js";
import { SCOPE_DESCRIPTIONS } from "../../platform/scope-descriptions.js";
import { ALL_SCOPES, type Scope } from "../../platform/scopes.js";
import type { TokenSummary } from "../tokens/service.js";
import { TOKEN_NAME_MAX_LENGTH } from "./service.js";

export interface AccountView {
  email: string;
  csrfToken: string;
  tokens: TokenSummary[];
  /** the token just created, shown this once */
  created: { name: string; token: string } | null;
  /** the create form as typed, with why it was refused */
  form: { name: string; scopes: readonly Scope[]; error: string | null };
}

export function scopeFieldName(scope: Scope): string {
  return `scope_${scope}`;
}

const scopeFieldId = (scope: Scope) => `scope-${scope.replace(/[^a-z_]/g, "-")}`;

/** "2024-03-02T10:15:00.000Z" → "2024-03-02 10:15 UTC" */
function when(isoUtc: string): string {
  return `${isoUtc.slice(0, 10)} ${isoUtc.slice(11, 16)} UTC`;
}

function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="csrf_token" value="${token}">`;
}

function createdNotice(created: AccountView["created"]): SafeHtml | null {
  if (created === null) return null;
  return html`<section class="notice ok" aria-labelledby="created-heading">
<h2 id="created-heading">Your new token “${created.name}”</h2>
<p>Copy it now: it is shown only this once and Kasboek keeps no copy it could show again.</p>
<label for="new_token">Token</label>
<input type="text" id="new_token" class="secret" readonly autocomplete="off" spellcheck="false" value="${created.token}">
<p>Send it as <code>Authorization: Bearer &lt;token&gt;</code> with every API request.</p>
</section>`;
}

function tokenRow(token: TokenSummary, csrfToken: string): SafeHtml {
  const name = token.name ?? "(no name)";
  const action =
    token.revoked_at === null
      ? html`<form method="post" action="/account/tokens/${token.id}/revoke" class="inline">
${csrfField(csrfToken)}
<button type="submit" class="danger" aria-label="Revoke ${name}">Revoke</button>
</form>`
      : null;
  const status = token.revoked_at === null ? "Active" : `Revoked ${when(token.revoked_at)}`;
  return html`<tr>
<td>${name}</td>
<td>${token.scopes.map((scope) => html`<code>${scope}</code> `)}</td>
<td>${when(token.created_at)}</td>
<td>${status}</td>
<td>${action}</td>
</tr>`;
}

function tokenTable(view: AccountView): SafeHtml {
  if (view.tokens.length === 0) return html`<p>You have no personal API tokens yet.</p>`;
  return html`<div class="table-wrap">
<table>
<caption>Tokens stay valid until revoked.</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Status</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>
${view.tokens.map((token) => tokenRow(token, view.csrfToken))}
</tbody>
</table>
</div>`;
}

function scopeChoice(scope: Scope, ticked: boolean): SafeHtml {
  const id = scopeFieldId(scope);
  return html`<div class="choice">
<input type="checkbox" id="${id}" name="${scopeFieldName(scope)}" value="1"${ticked ? html` checked` : null}>
<label for="${id}"><code>${scope}</code> — ${SCOPE_DESCRIPTIONS[scope]}</label>
</div>`;
}

function createForm(view: AccountView): SafeHtml {
  const error = view.form.error;
  return html`<form method="post" action="/account/tokens">
${csrfField(view.csrfToken)}
${error === null ? null : html`<p id="create_error" class="notice error" role="alert">${error}</p>`}
<div class="field">
<label for="token_name">Name</label>
<input type="text" id="token_name" name="name" required maxlength="${TOKEN_NAME_MAX_LENGTH}" value="${view.form.name}"${error === null ? null : html` aria-describedby="create_error"`}>
</div>
<fieldset>
<legend>What may the token do?</legend>
${ALL_SCOPES.map((scope) => scopeChoice(scope, view.form.scopes.includes(scope)))}
</fieldset>
<button type="submit">Create token</button>
</form>`;
}

export function accountPage(view: AccountView): string {
  return page({
    title: "Your account · Kasboek",
    body: html`<header class="bar">
<p>Signed in as <strong>${view.email}</strong></p>
<form method="post" action="/logout" class="inline">
${csrfField(view.csrfToken)}
<button type="submit" class="secondary">Sign out</button>
</form>
</header>
<h1>Your account</h1>
<nav aria-label="Account"><ul><li><a href="/account/applications">Applications you authorised</a></li></ul></nav>
${createdNotice(view.created)}
<h2>Personal API tokens</h2>
<p>A personal token lets a program of yours use the Kasboek API as you, within the scopes you tick, in every company you are a member of.</p>
${tokenTable(view)}
<h2>Create a personal token</h2>
${createForm(view)}`,
  });
}
