/**
 * `kasboek bootstrap`: the first steps of a new installation in one command — a user (created or
 * reused by e-mail), a new company owned by that user, and a personal token with every scope.
 */
import { createCompanyForOperator } from "../modules/companies/service.js";
import { issuePersonalToken } from "../modules/tokens/service.js";
import { findOrCreateUser } from "../modules/users/service.js";
import { ALL_SCOPES } from "../platform/scopes.js";
import { isEmailAddress } from "../platform/text.js";
import { parseCommand, printJson, requiredOption, stringOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage: kasboek bootstrap --email EMAIL --company NAME [--vat-number NUMBER] [--json]

Creates (or reuses) the user with EMAIL, a new company NAME owned by that user, and a new
personal API token with every scope. The company is VAT liable when --vat-number is given.
With --json, prints {"user_id":…,"company_id":…,"token":"…"} and nothing else on stdout.`;

export async function bootstrapCommand(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: {
      email: { type: "string" },
      company: { type: "string" },
      "vat-number": { type: "string" },
      json: { type: "boolean" },
    },
  });
  if (parsed === null) return;
  const email = requiredOption(parsed, "email", USAGE);
  const companyName = requiredOption(parsed, "company", USAGE);
  if (!isEmailAddress(email)) throw new UsageError(`--email must be an e-mail address, got "${email}"`);
  const vatNumber = stringOption(parsed, "vat-number") ?? null;

  const result = await withDatabase(async (deps) => {
    const user = await deps.db.transaction().execute((tx) => findOrCreateUser(deps, tx, email));
    const companyId = await createCompanyForOperator(deps, user.id, {
      name: companyName,
      vat_liable: vatNumber !== null,
      vat_number: vatNumber,
    });
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
