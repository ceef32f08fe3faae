/**
 * `kasboek tokens create|list|revoke`: personal API tokens for a user, managed by an operator.
 */
import { issuePersonalToken, listTokens, revokeTokenById } from "../modules/tokens/service.js";
import { findUserByEmailAddress } from "../modules/users/service.js";
import { parseScopeList } from "../platform/scopes.js";
import { parseCommand, printJson, requiredOption, stringOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage:
  kasboek tokens create --email EMAIL --scopes SCOPE[,SCOPE…] [--name NAME] [--json]
  kasboek tokens list --email EMAIL [--json]
  kasboek tokens revoke TOKEN_ID

create prints the new token once ({"token_id":…,"token":"…"} with --json).`;

async function createToken(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: {
      email: { type: "string" },
      scopes: { type: "string" },
      name: { type: "string" },
      json: { type: "boolean" },
    },
  });
  if (parsed === null) return;
  const email = requiredOption(parsed, "email", USAGE);
  const { scopes, unknown } = parseScopeList(requiredOption(parsed, "scopes", USAGE));
  if (unknown.length > 0) throw new UsageError(`Unknown scope(s): ${unknown.join(", ")}`);
  if (scopes.length === 0) throw new UsageError("--scopes needs at least one scope");
  const issued = await withDatabase(async (deps) => {
    const user = await findUserByEmailAddress(deps, email);
    if (!user) throw new UsageError(`No user with e-mail ${email}; create one with kasboek bootstrap`);
    return issuePersonalToken(deps, deps.db, user.id, scopes, stringOption(parsed, "name") ?? null);
  });
  if (parsed.values.json) return printJson({ token_id: issued.tokenId, token: issued.token });
  process.stdout.write(`Token ${issued.tokenId} (shown once, keep it secret):\n  ${issued.token}\n`);
}

async function listUserTokens(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: { email: { type: "string" }, json: { type: "boolean" } },
  });
  if (parsed === null) return;
  const email = requiredOption(parsed, "email", USAGE);
  const tokens = await withDatabase(async (deps) => {
    const user = await findUserByEmailAddress(deps, email);
    if (!user) throw new UsageError(`No user with e-mail ${email}`);
    return listTokens(deps, user.id);
  });
  if (parsed.values.json) return printJson({ tokens });
  if (tokens.length === 0) {
    process.stdout.write("No tokens.\n");
    return;
  }
  for (const token of tokens) {
    const state = token.revoked_at === null ? "active" : `revoked ${token.revoked_at}`;
    process.stdout.write(
      `${token.id}\t${token.kind}\t${state}\t${token.name ?? "-"}\t${token.scopes.join(",")}\tcreated ${token.created_at}\n`,
    );
  }
}

async function revokeToken(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, { usage: USAGE, allowPositionals: true });
  if (parsed === null) return;
  const [tokenIdText, ...extra] = parsed.positionals;
  if (tokenIdText === undefined || extra.length > 0 || !/^\d+$/.test(tokenIdText)) {
    throw new UsageError(`tokens revoke takes one numeric TOKEN_ID\n\n${USAGE}`);
  }
  const found = await withDatabase((deps) => revokeTokenById(deps, Number(tokenIdText)));
  if (!found) throw new UsageError(`No token with id ${tokenIdText}`);
  process.stdout.write(`Token ${tokenIdText} revoked.\n`);
}

export async function tokensCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === "create") return createToken(rest);
  if (action === "list") return listUserTokens(rest);
  if (action === "revoke") return revokeToken(rest);
  if (action === undefined || action === "--help" || action === "-h") {
    process.stdout.write(`${USAGE}\n`);
    if (action === undefined) throw new UsageError("tokens needs an action: create, list or revoke");
    return;
  }
  throw new UsageError(`Unknown tokens action "${action}"\n\n${USAGE}`);
}
