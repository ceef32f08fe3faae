/**
 * `kasboek companies update`: the operator's access control of a company (spec 2.2).
 */
import { updateAccessControl } from "../modules/companies/service.js";
import { parseScopeList } from "../platform/scopes.js";
import { parseCommand, printJson, stringOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage: kasboek companies update COMPANY_ID [--api-accessible true|false] [--allowed-scopes SCOPE,SCOPE…] [--json]

Sets whether the company can be reached through the API and which scopes may be used for it.`;

function parseBooleanOption(value: string): boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new UsageError(`--api-accessible takes true or false, got "${value}"`);
}

async function updateCompany(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    allowPositionals: true,
    options: { "api-accessible": { type: "string" }, "allowed-scopes": { type: "string" }, json: { type: "boolean" } },
  });
  if (parsed === null) return;
  const [companyIdText, ...extra] = parsed.positionals;
  if (companyIdText === undefined || extra.length > 0 || !/^\d+$/.test(companyIdText)) {
    throw new UsageError(`companies update takes one numeric COMPANY_ID\n\n${USAGE}`);
  }
  const accessibleText = stringOption(parsed, "api-accessible");
  const scopesText = stringOption(parsed, "allowed-scopes");
  if (accessibleText === undefined && scopesText === undefined) {
    throw new UsageError(`Give --api-accessible and/or --allowed-scopes\n\n${USAGE}`);
  }
  let allowedScopes: ReturnType<typeof parseScopeList>["scopes"] | undefined;
  if (scopesText !== undefined) {
    const { scopes, unknown } = parseScopeList(scopesText);
    if (unknown.length > 0) throw new UsageError(`Unknown scope(s): ${unknown.join(", ")}`);
    allowedScopes = scopes;
  }
  const result = await withDatabase((deps) =>
    updateAccessControl(deps, Number(companyIdText), {
      ...(accessibleText !== undefined ? { apiAccessible: parseBooleanOption(accessibleText) } : {}),
      ...(allowedScopes !== undefined ? { allowedScopes } : {}),
    }),
  );
  if (parsed.values.json) return printJson({ company_id: Number(companyIdText), access_control: result });
  process.stdout.write(
    `Company ${companyIdText}: api_accessible=${result.api_accessible}, allowed_scopes=${result.allowed_scopes.join(",") || "(none)"}\n`,
  );
}

export async function companiesCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === "update") return updateCompany(rest);
  if (action === "--help" || action === "-h") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  throw new UsageError(`companies needs the action "update"\n\n${USAGE}`);
}
