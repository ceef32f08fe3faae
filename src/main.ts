/**
 * The `kasboek` command line: serve | migrate | bootstrap | demo | tokens | companies | plans |
 * users | oauth-clients | books. Every command honours DATABASE_URL; failures print one message on
 * stderr and exit with status 1.
 */
import { describeFailure, parseCommand, UsageError, withDatabase } from "./cli/shared.js";
import { migrateToLatest } from "./db/migrate.js";

const USAGE = `Usage: kasboek <command> [options]

Commands:
  serve        run the HTTP API (what npm start runs)
  migrate      apply database migrations
  bootstrap    create a user, a company and an API token
  demo         create a demo company with a year of books, to try Kasboek on
  tokens       create, list or revoke personal API tokens
  companies    change a company's details, API access control or plan
  plans        list, create or change plans (what companies may create)
  users        set a user's password for the login page
  oauth-clients  register third-party applications (OAuth 2.0 clients)
  books        open the books of companies from before the ledger (books backfill)

Run "kasboek <command> --help" for the options of a command.
Environment: DATABASE_URL (sqlite:<path> or postgres://…), PORT, HOST, LOG_LEVEL.`;

async function migrateCommand(argv: string[]): Promise<void> {
  if (
    parseCommand(argv, { usage: "Usage: kasboek migrate\n\nApplies all pending migrations to DATABASE_URL." }) === null
  ) {
    return;
  }
  const applied = await withDatabase((deps) => migrateToLatest(deps.db));
  process.stdout.write(applied.length === 0 ? "Database is up to date.\n" : `Applied: ${applied.join(", ")}\n`);
}

// Each command loads its own code when it runs: a short command need not load the whole server.
const COMMANDS: Record<string, (argv: string[]) => Promise<void>> = {
  serve: async (argv) => (await import("./cli/serve.js")).serveCommand(argv),
  migrate: migrateCommand,
  bootstrap: async (argv) => (await import("./cli/bootstrap.js")).bootstrapCommand(argv),
  demo: async (argv) => (await import("./cli/demo.js")).demoCommand(argv),
  tokens: async (argv) => (await import("./cli/tokens.js")).tokensCommand(argv),
  companies: async (argv) => (await import("./cli/companies.js")).companiesCommand(argv),
  plans: async (argv) => (await import("./cli/plans.js")).plansCommand(argv),
  users: async (argv) => (await import("./cli/users.js")).usersCommand(argv),
  "oauth-clients": async (argv) => (await import("./cli/oauth-clients.js")).oauthClientsCommand(argv),
  books: async (argv) => (await import("./cli/books.js")).booksCommand(argv),
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}"\n\n${USAGE}`);
  await command(rest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`kasboek: ${describeFailure(error)}\n`);
  process.exitCode = 1;
});
