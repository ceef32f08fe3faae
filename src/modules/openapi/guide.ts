/**
 * The prose of the reference: the getting-started guide at its top and one paragraph per
 * section (tag). Written for a developer meeting the API for the first time; English, as the
 * API's messages default to English. Facts here (paths, headers, limits) come from the code.
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../../platform/params.js";

export const GETTING_STARTED = `Kasboek is a bookkeeping and invoicing API for Dutch small businesses, wire-compatible with
the Rompslomp API v1. Everything lives under \`/api/v1\`; a company's data under
\`/api/v1/companies/{company_id}/…\`.

## 1. Get a token

Sign in at [/account](/account) and create a personal API token with the scopes you need, or on
the server run \`npx kasboek bootstrap --email you@example.com --company "Voorbeeld BV" …\`, which
prints a user, a company and a token. Send it with every request:
\`Authorization: Bearer <token>\`. Press **Authorize** on this page and paste it to try requests here.

## 2. First request

\`\`\`sh
curl -s http://127.0.0.1:3000/api/v1/companies -H "Authorization: Bearer $TOKEN"
\`\`\`

Writes send JSON (\`Content-Type: application/json\`) wrapped in the singular resource name:
\`{"contact": {"company_name": "Voorbeeld BV"}}\`. Attributes you leave out keep their default (on
create) or their stored value (on update); read-only attributes sent back are ignored. A path may
end in \`.json\`.

## 3. Paging

Lists take \`page\` (from 1) and \`per_page\` (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}) and answer with the
headers \`X-Page\`, \`X-Per-Page\` and \`X-Total\` (the exact number of items the filters match).
Filters are Rails-style: \`?selection=unpaid&search[from]=2026-01-01&search[contact_id]=7\`.

## 4. Errors

Every failure is \`{"error": {"type": "…", "message": "…"}}\`. Switch on \`type\` (and the status):
\`client.parameters.*\` (400, 422 for invalid attributes: the message names every one),
\`client.authentication.invalid_token\` (401), \`client.authorization.*\` (403),
\`client.not_found.*\` (404), \`client.subscription_limit_reached\` (402), \`client.quota_reached\`
(422), \`client.rate_limit\` (429, with \`Retry-After\`), \`server\` (500). Messages are English, or
Dutch with \`Accept-Language: nl\`. Each operation below lists the exact types it can give.

## 5. Retries and limits

Send an \`Idempotency-Key\` header with a POST or PATCH to make a retry safe: the first answer is
kept for 24 hours and replayed with \`Idempotent-Replayed: true\`. Each token may make a number of
requests a minute (\`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` on every answer).

## 6. OAuth 2.0 for applications

An application acting for other people's companies registers as an OAuth client (operator:
\`npx kasboek oauth-clients create\`), sends the user to \`/oauth/authorize\` (authorization code with
PKCE), and exchanges the code at \`/oauth/token\`. Access tokens last two hours; refresh tokens renew
them. \`/.well-known/oauth-authorization-server\` lists the endpoints and scopes.`;

export const TAG_DESCRIPTIONS: Record<string, string> = {
  Users: "The user a token belongs to.",
  Companies: "The companies the token's user is a member of. Everything else lives inside one.",
  Contacts: "Customers and suppliers. `search[q]` finds text in names, numbers and addresses.",
  Products: "Things you sell, with a price and VAT type, to reuse on invoice lines.",
  "Sales invoices":
    "Invoices to customers. A new invoice is a concept; `_publish: true` gives it its number, " +
    "books it, and makes it final. Lines carry price, quantity and VAT type; totals are computed.",
  Quotations: "Offers to customers, which they can sign online once published.",
  Expenses: "Purchase invoices and receipts, booked on cost accounts.",
  Attachments: "Files (PDF, images) attached to a sales invoice or an expense, sent as base64.",
  Payments: "Money received or paid, matched to invoices and expenses.",
  "Journal entries": "Manual bookings in the general ledger; debit and credit must balance.",
  Hours: "Registered working hours.",
  Rides: "Business and private kilometres (for the mileage report).",
  "VAT types": "The VAT rates and schemes a line can have.",
  Accounts: "The chart of accounts of the company's ledger.",
  Templates: "Document templates for invoices and quotations.",
  "Bookkeeping settings":
    "How the books are kept: VAT return rounding, the VAT period, the small-business scheme (KOR).",
  "VAT returns": "The Dutch VAT return per period (boxes 1a–5g), computed from the books; filing one locks it.",
  "ICP returns": "Intra-community supplies per customer VAT number, per period.",
  Reports: "Trial balance, profit and loss, balance sheet, general ledger, receivables, payables, mileage.",
  Reference: "This API's own description.",
  OAuth:
    "OAuth 2.0 for third-party applications: authorization code with PKCE, refresh, revocation. The user " +
    "consents on the page /oauth/authorize, to which the application sends them.",
};
