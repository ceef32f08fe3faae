/**
 * `kasboek oauth-clients create|list`: registering third-party applications (OAuth clients).
 * The client secret is printed once, at creation; only its hash is stored.
 */
import { listRegisteredClients, registerClient } from "../modules/oauth/client-service.js";
import { parseCommand, printJson, requiredOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage:
  kasboek oauth-clients create --name NAME --redirect-uri URI [--redirect-uri URI2 …]
                               [--confidential | --public] [--json]
  kasboek oauth-clients list [--json]

create registers an application that may ask users for access (OAuth 2.0 authorization code
flow with PKCE). Redirect URIs are matched exactly and must be https (http only for localhost,
127.0.0.1 or [::1]), without a fragment. A confidential client (the default: a server-side
application) gets a secret, printed once; a public client (a native or browser app, which
cannot keep a secret) gets none. --json prints
{"client_id":…,"client_secret":…|null,"name":…,"redirect_uris":[…]}.`;

async function createClient(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: {
      name: { type: "string" },
      "redirect-uri": { type: "string", multiple: true },
      confidential: { type: "boolean" },
      public: { type: "boolean" },
      json: { type: "boolean" },
    },
  });
  if (parsed === null) return;
  const name = requiredOption(parsed, "name", USAGE);
  const given = parsed.values["redirect-uri"];
  const redirectUris = Array.isArray(given) ? given.filter((uri): uri is string => typeof uri === "string") : [];
  if (redirectUris.length === 0) throw new UsageError(`--redirect-uri is required\n\n${USAGE}`);
  if (parsed.values.confidential && parsed.values.public) {
    throw new UsageError("Choose one of --confidential and --public");
  }
  const confidential = parsed.values.public !== true;
  const client = await withDatabase((deps) => registerClient(deps, { name, redirectUris, confidential }));
  if (parsed.values.json) return printJson(client);
  process.stdout.write(`Client "${client.name}" registered.\n  client_id:     ${client.client_id}\n`);
  if (client.client_secret !== null) {
    process.stdout.write(`  client_secret: ${client.client_secret}\n(the secret is shown once; keep it secret)\n`);
  } else {
    process.stdout.write("  public client: no secret; it must use PKCE (as every client must)\n");
  }
  process.stdout.write(`  redirect URIs: ${client.redirect_uris.join(" ")}\n`);
}

async function listClients(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, { usage: USAGE, options: { json: { type: "boolean" } } });
  if (parsed === null) return;
  const clients = await withDatabase((deps) => listRegisteredClients(deps));
  if (parsed.values.json) {
    return printJson({
      clients: clients.map((client) => ({
        client_id: client.clientId,
        name: client.name,
        confidential: client.confidential,
        redirect_uris: client.redirectUris,
      })),
    });
  }
  if (clients.length === 0) {
    process.stdout.write("No OAuth clients.\n");
    return;
  }
  for (const client of clients) {
    const kind = client.confidential ? "confidential" : "public";
    process.stdout.write(`${client.clientId}\t${kind}\t${client.name}\t${client.redirectUris.join(" ")}\n`);
  }
}

export async function oauthClientsCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === "create") return createClient(rest);
  if (action === "list") return listClients(rest);
  if (action === undefined || action === "--help" || action === "-h") {
    process.stdout.write(`${USAGE}\n`);
    if (action === undefined) throw new UsageError("oauth-clients needs an action: create or list");
    return;
  }
  throw new UsageError(`Unknown oauth-clients action "${action}"\n\n${USAGE}`);
}
