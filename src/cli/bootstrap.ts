/**
 * `kasboek bootstrap`: the first steps of a new installation in one command — a user (created or
 * reused by e-mail), a new company owned by that user, and a personal token with every scope.
 * The company is complete enough to invoice: VAT liable unless told otherwise, so a
 * VAT number is needed, and in the Netherlands unless another country is given. Its details are
 * checked before anything is stored, so a refused bootstrap leaves no user or company behind.
 */
import { createCompanyForOperator, readNewCompanyForOperator } from "../modules/companies/service.js";
import { issuePersonalToken } from "../modules/tokens/service.js";
import { findOrCreateUser } from "../modules/users/service.js";
import { ALL_SCOPES } from "../platform/scopes.js";
import { isEmailAddress } from "../platform/text.js";
import {
  COMPANY_DETAIL_HELP,
  COMPANY_DETAIL_PARSE_OPTIONS,
  companyDetailInput,
  optionNamer,
  withUsageOnInvalid,
} from "./companies.js";
import { parseCommand, printJson, requiredOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage: kasboek bootstrap --email EMAIL --company NAME --vat-number NUMBER [company details] [--json]
       kasboek bootstrap --email EMAIL --company NAME --vat-liable false [company details] [--json]

Creates (or reuses) the user with EMAIL, a new company NAME owned by that user, and a new
personal API token with every scope. --email is the user who signs in; --email-address is the
company's own address printed on its invoices.

The company is VAT liable unless --vat-liable false is given (the small-business scheme, KOR),
and then needs --vat-number. --country defaults to NL. A complete Dutch company, for example:
  kasboek bootstrap --email you@example.com --company "Voorbeeld BV" --kvk 12345678 \\
    --vat-number NL123456782B01 --address "Voorbeeldstraat 1" --zipcode "1234 AB" \\
    --city Utrecht --iban "NL91 ABNA 0417 1643 00"

${COMPANY_DETAIL_HELP}

With --json, prints {"user_id":…,"company_id":…,"token":"…"} and nothing else on stdout.`;

export async function bootstrapCommand(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: {
      email: { type: "string" },
      company: { type: "string" },
      ...COMPANY_DETAIL_PARSE_OPTIONS,
      json: { type: "boolean" },
    },
  });
  if (parsed === null) return;
  const email = requiredOption(parsed, "email", USAGE);
  const companyName = requiredOption(parsed, "company", USAGE);
  if (!isEmailAddress(email)) throw new UsageError(`--email must be an e-mail address, got "${email}"`);
  const details = companyDetailInput(parsed);
  const company = await withUsageOnInvalid(USAGE, async () =>
    readNewCompanyForOperator(
      { country_code: "NL", vat_liable: "true", ...details, name: companyName },
      optionNamer({ name: "--company" }),
    ),
  );

  const result = await withDatabase(async (deps) => {
    const user = await deps.db.transaction().execute((tx) => findOrCreateUser(deps, tx, email));
    const companyId = await createCompanyForOperator(deps, user.id, company);
    const { token } = await issuePersonalToken(deps, deps.db, user.id, ALL_SCOPES, "bootstrap");
    return { user_id: user.id, company_id: companyId, token };
  });

  if (parsed.values.json) return printJson(result);
  process.stdout.write(
    `User ${result.user_id} (${email}) owns company ${result.company_id}.\n` +
      `API token (shown once, keep it secret):\n  ${result.token}\n\n` +
      `Try it:\n  curl -H "Authorization: Bearer ${result.token}" http://127.0.0.1:3000/api/v1/companies\n`,
  );
}
