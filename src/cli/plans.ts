/**
 * `kasboek plans list|create|update`: the operator's plans (the README's Plans section). A plan
 * opens or closes the API and limits what its companies create; `kasboek companies update ID --plan
 * NAME` moves a company. A limit is a whole number or `unlimited`; a new plan is open and
 * unlimited in whatever its options leave out. Plans are not deleted: companies point at them.
 */
import {
  createPlan,
  formatLimit,
  isPlanName,
  LIMIT_COLUMNS,
  listPlans,
  type Plan,
  type PlanChanges,
  parseLimit,
  updatePlan,
} from "../modules/plans/service.js";
import { type ParsedArguments, parseCommand, printJson, stringOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage:
  kasboek plans list [--json]
  kasboek plans create NAME [LIMITS] [--json]
  kasboek plans update NAME [LIMITS] [--json]

LIMITS (each a whole number or "unlimited"):
  --api-accessible true|false           whether its companies can use the API
  --max-contacts N                      contacts a company may have (402 beyond)
  --max-products N                      products a company may have (402 beyond)
  --max-companies-per-user N            companies a user may create through the API (402 beyond)
  --max-sales-invoices-per-month N      sales invoices a company may create a calendar month (422)
  --max-quotations-per-month N          quotations a company may create a calendar month (422)

NAME is a lowercase slug (letters, digits, hyphens). create makes what is not given API
accessible and unlimited; update changes what is given and keeps the rest. Move a company with
  kasboek companies update COMPANY_ID --plan NAME`;

/** Each limit option and the plan column it sets. */
const LIMIT_OPTIONS = new Map(LIMIT_COLUMNS.map((column) => [column.replaceAll("_", "-"), column]));

const PARSE_OPTIONS = {
  "api-accessible": { type: "string" as const },
  ...Object.fromEntries([...LIMIT_OPTIONS.keys()].map((option) => [option, { type: "string" as const }])),
  json: { type: "boolean" as const },
};

/** The plan's settings from the options given; a value that is not one is a usage error. */
function changesFrom(parsed: ParsedArguments): PlanChanges {
  const changes: PlanChanges = {};
  const accessible = stringOption(parsed, "api-accessible");
  if (accessible !== undefined) {
    if (accessible !== "true" && accessible !== "false") {
      throw new UsageError(`--api-accessible takes true or false, got "${accessible}"`);
    }
    changes.api_accessible = accessible === "true";
  }
  for (const [option, column] of LIMIT_OPTIONS) {
    const text = stringOption(parsed, option);
    if (text === undefined) continue;
    const limit = parseLimit(text);
    if (!limit.ok) throw new UsageError(`--${option} takes a whole number or "unlimited", got "${text}"`);
    changes[column] = limit.value;
  }
  return changes;
}

/** The one positional NAME, a valid plan name. */
function planName(parsed: ParsedArguments, action: string): string {
  const [name, ...extra] = parsed.positionals;
  if (name === undefined || extra.length > 0) throw new UsageError(`plans ${action} takes one NAME\n\n${USAGE}`);
  if (!isPlanName(name)) {
    throw new UsageError(`"${name}" is not a plan name: lowercase letters, digits and hyphens (at most 40)`);
  }
  return name;
}

function describe(plan: Plan): string {
  const limits = LIMIT_COLUMNS.map((column) => `${column}=${formatLimit(plan[column])}`);
  return `${plan.name}: api_accessible=${plan.api_accessible}, ${limits.join(", ")}`;
}

function printPlan(plan: Plan, json: boolean): void {
  if (json) printJson({ plan });
  else process.stdout.write(`${describe(plan)}\n`);
}

async function listAllPlans(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, { usage: USAGE, options: { json: { type: "boolean" } } });
  if (parsed === null) return;
  const plans = await withDatabase((deps) => listPlans(deps));
  if (parsed.values.json) return printJson({ plans });
  process.stdout.write(`name\tapi_accessible\t${LIMIT_COLUMNS.join("\t")}\n`);
  for (const plan of plans) {
    const limits = LIMIT_COLUMNS.map((column) => formatLimit(plan[column]));
    process.stdout.write(`${plan.name}\t${plan.api_accessible}\t${limits.join("\t")}\n`);
  }
}

async function createNewPlan(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, { usage: USAGE, allowPositionals: true, options: PARSE_OPTIONS });
  if (parsed === null) return;
  const name = planName(parsed, "create");
  const changes = changesFrom(parsed);
  const plan = await withDatabase((deps) => createPlan(deps, name, changes));
  if (plan === null) throw new UsageError(`A plan named "${name}" exists already; change it with kasboek plans update`);
  printPlan(plan, parsed.values.json === true);
}

async function updateExistingPlan(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, { usage: USAGE, allowPositionals: true, options: PARSE_OPTIONS });
  if (parsed === null) return;
  const name = planName(parsed, "update");
  const changes = changesFrom(parsed);
  if (Object.keys(changes).length === 0) throw new UsageError(`Give at least one option to change\n\n${USAGE}`);
  const plan = await withDatabase((deps) => updatePlan(deps, name, changes));
  if (plan === undefined) throw new UsageError(`No plan named "${name}"; kasboek plans list shows them`);
  printPlan(plan, parsed.values.json === true);
}

export async function plansCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === "list") return listAllPlans(rest);
  if (action === "create") return createNewPlan(rest);
  if (action === "update") return updateExistingPlan(rest);
  if (action === undefined || action === "--help" || action === "-h") {
    process.stdout.write(`${USAGE}\n`);
    if (action === undefined) throw new UsageError("plans needs an action: list, create or update");
    return;
  }
  throw new UsageError(`Unknown plans action "${action}"\n\n${USAGE}`);
}
