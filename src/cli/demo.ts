/**
 * `kasboek demo`: a demo company with a believable Dutch year of books (demo-plan.ts), written
 * through the services (demo-books.ts), a user to sign in with and an API token, so a newcomer
 * tries the web app and the README's examples on books that are not theirs.
 *
 * Invariants:
 * - All or nothing: the user, the company, its year and the token are written in one
 *   transaction (db/request-transaction.ts; each service's own transaction is a savepoint in it),
 *   so a failure leaves no half-made demo behind. It takes a few seconds.
 * - A user has at most one demo company, recognised by its name: a second run refuses with a
 *   message and exit status 1, unless `--replace` deletes the old one first.
 * - An existing user's password is never changed; a new user (or one without a password) gets a
 *   generated one, printed once.
 * - The same `--seed` and `--date` give the same year (numbers, dates, amounts, contacts).
 */
import { randomBytes } from "node:crypto";
import { loadConfig } from "../config.js";
import { openRequestTransaction } from "../db/request-transaction.js";
import { companyAccess, deleteOwnedCompany, listCompanies } from "../modules/companies/service.js";
import { issuePersonalToken } from "../modules/tokens/service.js";
import { findOrCreateUser, findSessionUser, setPassword } from "../modules/users/service.js";
import { dateInTimeZone, isValidDate } from "../platform/dates.js";
import type { ServiceDeps } from "../platform/deps.js";
import { ALL_SCOPES } from "../platform/scopes.js";
import { isEmailAddress } from "../platform/text.js";
import { DemoClock } from "./demo-books.js";
import { seededRandom } from "./demo-calendar.js";
import { DEMO_COMPANY_NAME } from "./demo-cast.js";
import type { DemoPlan } from "./demo-events.js";
import { planDemoYear } from "./demo-plan.js";
import { writeDemoYear } from "./demo-write.js";
import { parseCommand, printJson, stringOption, UsageError, withDatabase } from "./shared.js";

const DEFAULT_EMAIL = "demo@example.com";
const DEFAULT_SEED = 1;
const TIME_ZONE = "Europe/Amsterdam";

const USAGE = `Usage: kasboek demo [--email EMAIL] [--replace] [--date YYYY-MM-DD] [--seed N] [--json]

Creates the demo company "${DEMO_COMPANY_NAME}": a design studio's last four quarters of
books, with customers and suppliers, about 60 sales invoices at 21 % and 9 % (paid, unpaid and
overdue, a credit note, a Belgian customer with reverse charge), expenses with receipts,
payments, hours, rides, quotations and filed VAT returns. It prints how to sign in to the web
app and an API token with every scope, for the README's examples.

  --email EMAIL    the user who owns the demo company (default ${DEFAULT_EMAIL}); created when
                   new, with a generated password. An existing user keeps their password
  --replace        delete this user's demo company (and all its data) and make a new one;
                   without it, a second run stops and says so
  --date DATE      the day the demo's year ends (default: today), so it always looks current
  --seed N         another seed makes another year (default ${DEFAULT_SEED}); the same seed and
                   date give the same year
  --json           print {"user_id","email","password","company_id","company_name","token",
                   "app_url","quarter_to_file"} and nothing else; password is null when the
                   user already had one`;

interface DemoResult {
  user_id: number;
  email: string;
  password: string | null;
  company_id: number;
  company_name: string;
  token: string;
  app_url: string;
  quarter_to_file: string;
}

function readOptions(argv: string[]) {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: {
      email: { type: "string" },
      replace: { type: "boolean" },
      date: { type: "string" },
      seed: { type: "string" },
      json: { type: "boolean" },
    },
  });
  if (parsed === null) return null;
  const email = stringOption(parsed, "email") ?? DEFAULT_EMAIL;
  if (!isEmailAddress(email)) throw new UsageError(`--email must be an e-mail address, got "${email}"\n\n${USAGE}`);
  const date = stringOption(parsed, "date") ?? dateInTimeZone(new Date(), TIME_ZONE);
  if (!isValidDate(date)) throw new UsageError(`--date must be a date (YYYY-MM-DD), got "${date}"\n\n${USAGE}`);
  const seedText = stringOption(parsed, "seed") ?? String(DEFAULT_SEED);
  if (!/^\d{1,9}$/.test(seedText)) throw new UsageError(`--seed must be a whole number, got "${seedText}"\n\n${USAGE}`);
  return {
    email,
    date,
    seed: Number(seedText),
    replace: parsed.values.replace === true,
    json: parsed.values.json === true,
  };
}

/** The user's demo company (one they own, by its name), if any. */
async function findDemoCompany(deps: ServiceDeps, userId: number): Promise<number | undefined> {
  for (let page = 1; ; page++) {
    const { items } = await listCompanies(deps, userId, ALL_SCOPES, { page, perPage: 100 });
    const demo = items.find((company) => company.name === DEMO_COMPANY_NAME);
    if (demo !== undefined) return demo.id;
    if (items.length < 100) return undefined;
  }
}

async function removeEarlierDemo(deps: ServiceDeps, userId: number, email: string, replace: boolean): Promise<void> {
  const existing = await findDemoCompany(deps, userId);
  if (existing === undefined) return;
  if (!replace) {
    throw new UsageError(
      `${email} already has the demo company "${DEMO_COMPANY_NAME}" (company ${existing}); nothing was changed.\n` +
        "Sign in and use it as it is, run `kasboek demo --replace` to delete it and make a fresh one,\n" +
        "or give another user with --email.",
    );
  }
  const access = await companyAccess(deps, existing, userId);
  if (access === null) return;
  await deleteOwnedCompany(deps, access);
}

async function createDemo(
  deps: ServiceDeps,
  options: NonNullable<ReturnType<typeof readOptions>>,
  publicUrl: string,
  plan: DemoPlan,
) {
  const clock = new DemoClock();
  const user = await deps.db.transaction().execute((transaction) => findOrCreateUser(deps, transaction, options.email));
  await removeEarlierDemo(deps, user.id, user.email, options.replace);
  const companyId = await writeDemoYear({ ...deps, now: clock.now, publicUrl }, clock, user.id, plan);
  let password: string | null = null;
  if ((await findSessionUser(deps, user.id)) === null) {
    password = randomBytes(12).toString("base64url");
    await setPassword(deps, user.email, password);
  }
  const { token } = await issuePersonalToken(deps, deps.db, user.id, ALL_SCOPES, "demo");
  return { user, companyId, password, token };
}

function describe(result: DemoResult, plan: DemoPlan): string {
  const count = (...kinds: string[]) => plan.events.filter((event) => kinds.includes(event.kind)).length;
  const password =
    result.password === null
      ? "the password this user already has (kasboek users set-password changes it)"
      : `${result.password}   (shown once)`;
  return [
    `Demo company ${result.company_id}, "${result.company_name}", owned by ${result.email}:`,
    `  ${count("invoice", "credit")} published sales invoices (1 credit note), ${count("expense")} expenses with receipts,`,
    `  ${count("payment", "receipt", "bank")} payments, ${count("hour")} hours, ${count("ride")} rides, ${count("quotation")} quotations,`,
    `  from ${plan.firstDay}; the VAT returns before ${result.quarter_to_file} are filed, ${result.quarter_to_file} is yours to file.`,
    "",
    `Sign in to the web app at ${result.app_url}`,
    `  e-mail:   ${result.email}`,
    `  password: ${password}`,
    "",
    "API token with every scope (shown once, keep it secret), for the README's examples:",
    `  TOKEN=${result.token} COMPANY=${result.company_id}`,
    "",
  ].join("\n");
}

export async function demoCommand(argv: string[]): Promise<void> {
  const options = readOptions(argv);
  if (options === null) return;
  const config = loadConfig();
  const publicUrl = (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, "");
  const plan = planDemoYear(options.date, seededRandom(options.seed));
  const created = await withDatabase(async (deps) => {
    const transaction = await openRequestTransaction(deps.db);
    try {
      const result = await transaction.join(() => createDemo(deps, options, publicUrl, plan));
      await transaction.commit();
      return result;
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
  });
  const result: DemoResult = {
    user_id: created.user.id,
    email: created.user.email,
    password: created.password,
    company_id: created.companyId,
    company_name: DEMO_COMPANY_NAME,
    token: created.token,
    app_url: `${publicUrl}/app/${created.companyId}/invoices`,
    quarter_to_file: plan.quarterToFile,
  };
  if (options.json) return printJson(result);
  process.stdout.write(describe(result, plan));
}
