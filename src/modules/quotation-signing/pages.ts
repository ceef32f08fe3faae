/**
 * The HTML of the public signing pages: view in, complete document out. Invariants: pure (no
 * Fastify, no database, no clock); every value from the view or the request goes through `html`,
 * so it is escaped; no external URL, no script and no inline style — the document shell is the
 * platform's `page`, which loads only the shared local stylesheet, as the Content-Security-Policy
 * demands. English text throughout (the
 * service's messages, shown verbatim, are English); money and dates in the Dutch notation of the
 * quotation's PDF. The markup stays plain (labels, real buttons, th/scope) so a browser test can
 * drive it by label text.
 */
import { dateInTimeZone } from "../../platform/dates.js";
import { html, page, type SafeHtml } from "../../platform/pages/html.js";
import { formatDate, formatEuroCents, formatQuantity, formatRate, formatUnitPrice } from "../../pdf/format.js";
import type { SigningView } from "../quotations/service.js";

// The view carries no time zone; Europe/Amsterdam is every company's default (DESIGN.md §5).
const TIME_ZONE = "Europe/Amsterdam";
const NAME_FIELD_ID = "signer_name";
const NAME_ERROR_ID = "signer_name_error";

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

function parties(view: SigningView): SafeHtml {
  const company = view.company;
  const contact = view.contact;
  const customer =
    contact === null
      ? html`<p class="muted">No customer details.</p>`
      : html`<address>${lines([
          contact.name,
          contact.contact_person_name === contact.name ? null : contact.contact_person_name,
          contact.address,
          joined(contact.zipcode, contact.city),
        ])}</address>`;
  return html`<div class="parties">
<section aria-labelledby="from-heading">
<h2 id="from-heading">From</h2>
<address>${lines([company.name, company.address, joined(company.zipcode, company.city), company.email])}</address>
</section>
<section aria-labelledby="for-heading">
<h2 id="for-heading">For</h2>
${customer}
</section>
</div>`;
}

function details(view: SigningView): SafeHtml {
  return html`<h2>Details</h2>
<dl class="details">
<dt>Quotation number</dt><dd>${view.number ?? "—"}</dd>
<dt>Date</dt><dd>${formatDate(view.date)}</dd>
${view.expiresAt === null ? null : html`<dt>Link valid until</dt><dd>${instantDate(view.expiresAt)}</dd>`}
</dl>`;
}

/** The wire schema lets line numbers be null; a stored line always has them, but never print "null". */
function shown(value: string | null, format: (value: string) => string): string {
  return value === null ? "—" : format(value);
}

function lineTable(view: SigningView): SafeHtml {
  const rows = view.lines.map(
    (line) => html`<tr>
<td>${line.description ?? ""}${line.extended_description ? html`<span class="extra">${line.extended_description}</span>` : null}</td>
<td class="number">${shown(line.quantity, formatQuantity)}</td>
<td class="number">${shown(line.price_per_unit, formatUnitPrice)}</td>
<td class="number">${shown(line.vat_rate, formatRate)}</td>
<td class="number">${shown(line.price_without_vat, formatUnitPrice)}</td>
</tr>`,
  );
  const totals = view.totals;
  return html`<h2>Lines</h2>
<div class="table-wrap">
<table>
<caption>Amounts in euro; the amount of a line excludes VAT.</caption>
<thead>
<tr>
<th scope="col">Description</th>
<th scope="col" class="number">Quantity</th>
<th scope="col" class="number">Unit price</th>
<th scope="col" class="number">VAT rate</th>
<th scope="col" class="number">Amount</th>
</tr>
</thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><th scope="row" colspan="4">Total excl. VAT</th><td class="number">${formatEuroCents(totals.price_without_vat_cents)}</td></tr>
<tr><th scope="row" colspan="4">VAT</th><td class="number">${formatEuroCents(totals.vat_amount_cents)}</td></tr>
<tr class="grand"><th scope="row" colspan="4">Total incl. VAT</th><td class="number">${formatEuroCents(totals.price_with_vat_cents)}</td></tr>
</tfoot>
</table>
</div>`;
}

/** An instant stored as ISO UTC, as the calendar date it was in the Netherlands. */
function instantDate(isoUtc: string): string {
  return formatDate(dateInTimeZone(new Date(isoUtc), TIME_ZONE));
}

export interface SigningForm {
  csrfToken: string;
  /** what the customer typed, kept when the page is shown again after a refusal */
  signerName: string;
  /** why the last post was refused, shown above the form */
  error: string | null;
}

function decisionForm(signToken: string, form: SigningForm): SafeHtml {
  const invalid = form.error !== null;
  return html`<form method="post" action="${signingPagePath(signToken)}">
<input type="hidden" name="csrf_token" value="${form.csrfToken}">
<p>Type your name, then approve or deny this quotation. The link can be used once.</p>
<label for="${NAME_FIELD_ID}">Your name</label>
<input type="text" id="${NAME_FIELD_ID}" name="signer_name" required maxlength="200" autocomplete="name" value="${form.signerName}"${invalid ? html` aria-invalid="true" aria-describedby="${NAME_ERROR_ID}"` : null}>
<div class="buttons">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="deny">Deny</button>
</div>
</form>`;
}

function statusWord(status: SigningView["status"]): string {
  return status === "published" ? "open" : status;
}

function decision(view: SigningView, signToken: string, form: SigningForm): SafeHtml {
  const refused =
    form.error === null ? null : html`<p class="notice error" role="alert" id="${NAME_ERROR_ID}">${form.error}</p>`;
  switch (view.state) {
    case "open":
      return html`${refused}${decisionForm(signToken, form)}`;
    case "decided": {
      // A quotation approved through its link may since have been invoiced; only a denial stays "denied".
      const verb = view.status === "denied" ? "Denied" : "Approved";
      const who = view.decidedByName === null ? "" : ` by ${view.decidedByName}`;
      const when = view.decidedAt === null ? "" : ` on ${instantDate(view.decidedAt)}`;
      return html`${refused}<p class="notice ok">${verb}${who}${when}.</p>
<p>This link has been used; a decision can be made through it only once.</p>`;
    }
    case "expired":
      return html`${refused}<p class="notice">This link has expired. Please contact ${view.company.name || "the company"}${
        view.company.email ? html` (<a href="mailto:${view.company.email}">${view.company.email}</a>)` : null
      } if you would still like to accept this quotation.</p>`;
    case "closed":
      return html`${refused}<p class="notice">This quotation can no longer be signed (status: ${statusWord(view.status)}).</p>`;
  }
}

/** The quotation with, while the link is open, the form to approve or deny it. */
export function signingPage(view: SigningView, signToken: string, form: SigningForm): string {
  const title = view.number === null ? "Quotation" : `Quotation ${view.number}`;
  return page({
    title: `${title} — ${view.company.name}`,
    body: html`<h1>${title}</h1>
<p class="muted">from ${view.company.name}</p>
${parties(view)}
${details(view)}
${lineTable(view)}
<p><a href="${signingPagePath(signToken)}/pdf">Download the quotation as PDF</a></p>
<section aria-labelledby="decision-heading">
<h2 id="decision-heading">Your decision</h2>
${decision(view, signToken, form)}
</section>`,
  });
}

/**
 * The answer to a form post that failed the CSRF check: nothing changed, and a way back to the
 * quotation when the link itself was well-formed (the platform's `errorPage` has no such link).
 */
export function refusedFormPage(backTo: string | null): string {
  const title = "The form could not be accepted";
  return page({
    title,
    body: html`<h1>${title}</h1>
<p role="alert">The form was not sent from this quotation's page, or the page was open too long. Nothing has been changed. Please open the quotation again and make your choice there.</p>
${backTo === null ? null : html`<p><a href="${backTo}">Back to the quotation</a></p>`}`,
  });
}
