/**
 * The HTML of the public signing pages, in Dutch or English: view in, complete document out.
 * Invariants: pure (no Fastify, no database, no clock); every value from the view or the request
 * goes through `html`, so it is escaped; no external URL, no script and no inline style — the
 * document shell is the platform's `page`, which loads only the shared local stylesheet, as the
 * Content-Security-Policy demands. Every word a reader sees comes from TEXTS, and money, numbers
 * and dates from NOTATION, both in the page's one language: Dutch in the notation of the
 * quotation's PDF ("€ 1.234,56", "02-03-2024"), English in English ("€1,234.56", "2 March 2024").
 * The markup stays plain (labels, real buttons, th/scope) so a browser test can drive it by label.
 */

import { dateInTimeZone } from "../../platform/dates.js";
import type { Language } from "../../platform/language.js";
import { type HtmlDocument, html, page, type SafeHtml } from "../../platform/pages/html.js";
import type { PageMessage } from "../../platform/pages/respond.js";
import type { SigningView } from "../quotations/service.js";
import {
  NOTATION,
  type Notation,
  type SigningPageError,
  type SigningProblem,
  type SigningTexts,
  TEXTS,
} from "./texts.js";

export type { SigningPageError, SigningProblem } from "./texts.js";

// The view carries no time zone; Europe/Amsterdam is every company's default.
const TIME_ZONE = "Europe/Amsterdam";
const NAME_FIELD_ID = "signer_name";
const NAME_ERROR_ID = "signer_name_error";

/** An error page of the signing routes, in `language`. */
export function signingErrorText(language: Language, error: SigningPageError): PageMessage {
  return TEXTS[language].errors[error];
}

export function signingPagePath(signToken: string): string {
  return `/sign/quotations/${signToken}`;
}

/** The non-empty parts, one per line of an address block. */
function lines(parts: ReadonlyArray<string | null | undefined>): SafeHtml[] {
  const present = parts.filter((part): part is string => typeof part === "string" && part.trim() !== "");
  return present.map((part, index) => (index === 0 ? html`${part}` : html`<br>${part}`));
}

function joined(...parts: ReadonlyArray<string | null | undefined>): string | null {
  const present = parts.filter((part): part is string => typeof part === "string" && part.trim() !== "");
  return present.length === 0 ? null : present.join(" ");
}

/** What one page needs to know besides the view: its words and notation, and the link. */
interface Context {
  texts: SigningTexts;
  notation: Notation;
  signToken: string;
}

function parties(view: SigningView, { texts }: Context): SafeHtml {
  const company = view.company;
  const contact = view.contact;
  const customer =
    contact === null
      ? html`<p class="muted">${texts.details.noCustomer}</p>`
      : html`<address>${lines([
          contact.name,
          contact.contact_person_name === contact.name ? null : contact.contact_person_name,
          contact.address,
          joined(contact.zipcode, contact.city),
        ])}</address>`;
  return html`<div class="parties">
<section aria-labelledby="from-heading">
<h2 id="from-heading">${texts.headings.from}</h2>
<address>${lines([company.name, company.address, joined(company.zipcode, company.city), company.email])}</address>
</section>
<section aria-labelledby="for-heading">
<h2 id="for-heading">${texts.headings.for}</h2>
${customer}
</section>
</div>`;
}

/** An instant stored as ISO UTC, as the calendar date it was in the Netherlands. */
function instantDate(isoUtc: string, notation: Notation): string {
  return notation.date(dateInTimeZone(new Date(isoUtc), TIME_ZONE));
}

function details(view: SigningView, { texts, notation }: Context): SafeHtml {
  const until = view.expiresAt === null ? null : instantDate(view.expiresAt, notation);
  return html`<h2>${texts.headings.details}</h2>
<dl class="details">
<dt>${texts.details.number}</dt><dd>${view.number ?? "—"}</dd>
<dt>${texts.details.date}</dt><dd>${notation.date(view.date)}</dd>
${until === null ? null : html`<dt>${texts.details.validUntil}</dt><dd>${until}</dd>`}
</dl>`;
}

/** The wire schema lets line numbers be null; a stored line always has them, but never print "null". */
function shown(value: string | null, format: (value: string) => string): string {
  return value === null ? "—" : format(value);
}

function lineTable(view: SigningView, { texts, notation }: Context): SafeHtml {
  const rows = view.lines.map(
    (line) => html`<tr>
<td>${line.description ?? ""}${line.extended_description ? html`<span class="extra">${line.extended_description}</span>` : null}</td>
<td class="number">${shown(line.quantity, notation.quantity)}</td>
<td class="number">${shown(line.price_per_unit, notation.price)}</td>
<td class="number">${shown(line.vat_rate, notation.rate)}</td>
<td class="number">${shown(line.price_without_vat, notation.price)}</td>
</tr>`,
  );
  const { table: columns, totals: words } = texts;
  const totals = view.totals;
  return html`<h2>${texts.headings.lines}</h2>
<div class="table-wrap">
<table>
<caption>${columns.caption}</caption>
<thead>
<tr>
<th scope="col">${columns.description}</th>
<th scope="col" class="number">${columns.quantity}</th>
<th scope="col" class="number">${columns.unitPrice}</th>
<th scope="col" class="number">${columns.vatRate}</th>
<th scope="col" class="number">${columns.amount}</th>
</tr>
</thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="4">${words.withoutVat}</th><td class="number">${notation.money(totals.price_without_vat_cents)}</td></tr>
<tr><th scope="row" colspan="4">${words.vat}</th><td class="number">${notation.money(totals.vat_amount_cents)}</td></tr>
<tr class="grand"><th scope="row" colspan="4">${words.withVat}</th><td class="number">${notation.money(totals.price_with_vat_cents)}</td></tr>
</tfoot>
</table>
</div>`;
}

export interface SigningForm {
  csrfToken: string;
  /** what the customer typed, kept when the page is shown again after a refusal */
  signerName: string;
  /** why the last post was refused, shown above the form */
  problem: SigningProblem | null;
}

function decisionForm(form: SigningForm, { texts, signToken }: Context): SafeHtml {
  const invalid = form.problem !== null;
  return html`<form method="post" action="${signingPagePath(signToken)}">
<input type="hidden" name="csrf_token" value="${form.csrfToken}">
<p>${texts.form.instructions}</p>
<label for="${NAME_FIELD_ID}">${texts.form.yourName}</label>
<input type="text" id="${NAME_FIELD_ID}" name="signer_name" required maxlength="200" autocomplete="name" value="${form.signerName}"${invalid ? html` aria-invalid="true" aria-describedby="${NAME_ERROR_ID}"` : null}>
<div class="buttons">
<button type="submit" name="decision" value="approve" class="approve">${texts.form.approve}</button>
<button type="submit" name="decision" value="deny" class="deny">${texts.form.deny}</button>
</div>
</form>`;
}

function decision(view: SigningView, form: SigningForm, context: Context): SafeHtml {
  const { texts, notation } = context;
  const refused =
    form.problem === null
      ? null
      : html`<p class="notice error" role="alert" id="${NAME_ERROR_ID}">${texts.problems[form.problem]}</p>`;
  switch (view.state) {
    case "open":
      return html`${refused}${decisionForm(form, context)}`;
    case "decided": {
      // A quotation approved through its link may since have been invoiced; only a denial stays "denied".
      const on = view.decidedAt === null ? null : instantDate(view.decidedAt, notation);
      return html`${refused}<p class="notice ok">${texts.decided(view.status !== "denied", view.decidedByName, on)}</p>
<p>${texts.used}</p>`;
    }
    case "expired": {
      const email = view.company.email;
      const mail = email ? html` (<a href="mailto:${email}">${email}</a>)` : null;
      return html`${refused}<p class="notice">${texts.expired(view.company.name || texts.theCompany, mail)}</p>`;
    }
    case "closed":
      return html`${refused}<p class="notice">${texts.closed(texts.statuses[view.status])}</p>`;
  }
}

/** The quotation with, while the link is open, the form to approve or deny it. */
export function signingPage(language: Language, view: SigningView, signToken: string, form: SigningForm): HtmlDocument {
  const context: Context = { texts: TEXTS[language], notation: NOTATION[language], signToken };
  const { texts } = context;
  const title = view.number === null ? texts.quotation : `${texts.quotation} ${view.number}`;
  return page({
    language,
    title: `${title} — ${view.company.name}`,
    body: html`<h1>${title}</h1>
<p class="muted">${texts.from} ${view.company.name}</p>
${parties(view, context)}
${details(view, context)}
${lineTable(view, context)}
<p><a href="${signingPagePath(signToken)}/pdf">${texts.links.pdf}</a></p>
<section aria-labelledby="decision-heading">
<h2 id="decision-heading">${texts.headings.decision}</h2>
${decision(view, form, context)}
</section>`,
  });
}

/**
 * The answer to a form post that failed the CSRF check: nothing changed, and a way back to the
 * quotation when the link itself was well-formed (the platform's `errorPage` has no such link).
 */
export function refusedFormPage(language: Language, backTo: string | null): HtmlDocument {
  const texts = TEXTS[language];
  return page({
    language,
    title: texts.errors.refused.title,
    body: html`<h1>${texts.errors.refused.title}</h1>
<p role="alert">${texts.errors.refused.message}</p>
${backTo === null ? null : html`<p><a href="${backTo}">${texts.links.back}</a></p>`}`,
  });
}
