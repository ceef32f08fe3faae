/**
 * `kasboek companies update`: the operator's access control of a company (`access_control`), its
 * plan (`kasboek plans`) and its details (the Rompslomp API's company fields plus the bank
 * account). The detail options are shared with `bootstrap`; their values are read and checked by
 * the companies service exactly as the API reads them, so each rule lives in one place and only the
 * names in the messages (`--iban` for `iban`) are ours.
 */
import {
  type Company,
  type OperatorCompanyInput,
  updateAccessControl,
  updateCompanyDetailsForOperator,
} from "../modules/companies/service.js";
import { findPlan, listPlans } from "../modules/plans/service.js";
import { ApiError } from "../platform/errors.js";
import { parseScopeList } from "../platform/scopes.js";
import { type ParsedArguments, parseCommand, printJson, stringOption, UsageError, withDatabase } from "./shared.js";

/** Each detail option and the company attribute it sets, in the order the help lists them. */
export const COMPANY_DETAIL_OPTIONS = {
  kvk: "kvk_number",
  "vat-liable": "vat_liable",
  "vat-number": "vat_number",
  address: "address",
  zipcode: "zipcode",
  city: "city",
  country: "country_code",
  "email-address": "email",
  website: "website",
  iban: "iban",
  bic: "bic",
} as const satisfies Record<string, keyof OperatorCompanyInput>;

/** The help text of the detail options, shared by bootstrap and companies update. */
export const COMPANY_DETAIL_HELP = `Company details (checked as the API checks them):
  --kvk NUMBER             chamber of commerce (KvK) number: 8 digits
  --vat-liable true|false  whether the company charges VAT; false is the small-business
                           scheme (KOR). When true, --vat-number is needed
  --vat-number NUMBER      VAT identification number, e.g. NL123456782B01
  --address TEXT           street and house number
  --zipcode TEXT           postal code, e.g. "1234 AB"
  --city TEXT              city
  --country CODE           two-letter country code (ISO 3166-1), e.g. NL
  --email-address EMAIL    the company's e-mail address, printed on its invoices
  --website URL            the company's website
  --iban IBAN              bank account customers pay to; spaces allowed
  --bic BIC                the bank's BIC (8 or 11 characters)
An empty value (--website "") clears a detail.`;

export const COMPANY_DETAIL_PARSE_OPTIONS = Object.fromEntries(
  Object.keys(COMPANY_DETAIL_OPTIONS).map((option) => [option, { type: "string" as const }]),
);

const OPTION_OF_ATTRIBUTE = new Map<string, string>(
  Object.entries(COMPANY_DETAIL_OPTIONS).map(([option, attribute]) => [attribute, `--${option}`]),
);

/** Names an attribute as the command line does; `extra` adds command-specific ones (bootstrap's `--company`). */
export function optionNamer(extra: Record<string, string> = {}): (attribute: string) => string {
  return (attribute) => extra[attribute] ?? OPTION_OF_ATTRIBUTE.get(attribute) ?? attribute;
}

/** The detail options that were given, as the service's input. */
export function companyDetailInput(parsed: ParsedArguments): OperatorCompanyInput {
  const input: OperatorCompanyInput = {};
  const options = Object.entries(COMPANY_DETAIL_OPTIONS) as Array<[string, keyof OperatorCompanyInput]>;
  for (const [option, attribute] of options) {
    const value = stringOption(parsed, option);
    if (value !== undefined) input[attribute] = value;
  }
  return input;
}

/** Runs `work`; a 422 from the service becomes a usage error, which prints the usage after the problem. */
export async function withUsageOnInvalid<Result>(usage: string, work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.type === "client.parameters.validation") {
      throw new UsageError(`${error.message}\n\n${usage}`);
    }
    throw error;
  }
}

const USAGE = `Usage: kasboek companies update COMPANY_ID [--api-accessible true|false] [--allowed-scopes SCOPE,SCOPE…]
       [--plan NAME] [--kvk NUMBER] [--vat-liable true|false] [--vat-number NUMBER] [--address TEXT] [--zipcode TEXT]
       [--city TEXT] [--country CODE] [--email-address EMAIL] [--website URL] [--iban IBAN] [--bic BIC] [--json]

Changes what is given and leaves the rest as it is.

Access control:
  --api-accessible true|false   whether the company can be reached through the API (its plan
                                must allow it too)
  --allowed-scopes SCOPE,…      the scopes that may be used for it
  --plan NAME                   its plan (kasboek plans list): what it may create, and whether
                                the plan opens the API

${COMPANY_DETAIL_HELP}`;

function parseBooleanOption(value: string): boolean {
  if (value === "true") return true;
  if (value === "false") return false;
  throw new UsageError(`--api-accessible takes true or false, got "${value}"`);
}

function describeDetails(company: Company, input: OperatorCompanyInput): string {
  const shown = company as Record<string, unknown>;
  return Object.keys(input)
    .map((attribute) => `${attribute}=${JSON.stringify(shown[attribute] ?? null)}`)
    .join(", ");
}

async function updateCompany(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    allowPositionals: true,
    options: {
      "api-accessible": { type: "string" },
      "allowed-scopes": { type: "string" },
      plan: { type: "string" },
      ...COMPANY_DETAIL_PARSE_OPTIONS,
      json: { type: "boolean" },
    },
  });
  if (parsed === null) return;
  const [companyIdText, ...extra] = parsed.positionals;
  if (companyIdText === undefined || extra.length > 0 || !/^\d+$/.test(companyIdText)) {
    throw new UsageError(`companies update takes one numeric COMPANY_ID\n\n${USAGE}`);
  }
  const companyId = Number(companyIdText);
  const accessibleText = stringOption(parsed, "api-accessible");
  const scopesText = stringOption(parsed, "allowed-scopes");
  const plan = stringOption(parsed, "plan");
  const details = companyDetailInput(parsed);
  const hasDetails = Object.keys(details).length > 0;
  if (accessibleText === undefined && scopesText === undefined && plan === undefined && !hasDetails) {
    throw new UsageError(`Give at least one option to change\n\n${USAGE}`);
  }
  const accessChanges: Parameters<typeof updateAccessControl>[2] = {};
  if (accessibleText !== undefined) accessChanges.apiAccessible = parseBooleanOption(accessibleText);
  if (scopesText !== undefined) {
    const { scopes, unknown } = parseScopeList(scopesText);
    if (unknown.length > 0) throw new UsageError(`Unknown scope(s): ${unknown.join(", ")}`);
    accessChanges.allowedScopes = scopes;
  }
  if (plan !== undefined) accessChanges.plan = plan;

  const result = await withUsageOnInvalid(USAGE, () =>
    withDatabase(async (deps) => {
      if (plan !== undefined && (await findPlan(deps.db, plan)) === undefined) {
        const known = (await listPlans(deps)).map((known) => known.name).join(", ");
        throw new UsageError(`No plan named "${plan}"; the plans are: ${known}`);
      }
      // Details first: when they are refused, nothing has changed.
      const company = hasDetails
        ? await updateCompanyDetailsForOperator(deps, companyId, details, optionNamer())
        : undefined;
      const access = await updateAccessControl(deps, companyId, accessChanges);
      return { company, access };
    }),
  );
  const { access, company } = result;
  const accessControl = { api_accessible: access.api_accessible, allowed_scopes: access.allowed_scopes };
  if (parsed.values.json) {
    return printJson({
      company_id: companyId,
      plan: access.plan,
      access_control: accessControl,
      ...(company !== undefined ? { company } : {}),
    });
  }
  process.stdout.write(
    `Company ${companyId}: plan=${access.plan}, api_accessible=${access.api_accessible}, allowed_scopes=${access.allowed_scopes.join(",") || "(none)"}\n`,
  );
  if (company !== undefined) process.stdout.write(`Details: ${describeDetails(company, details)}\n`);
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
