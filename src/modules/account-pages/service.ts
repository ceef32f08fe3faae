/**
 * The signed-in user's own personal API tokens, as the account page manages them. Invariants: a
 * user sees and revokes only their own personal tokens (OAuth tokens belong to the applications
 * page); a new token is returned once and never stored in the clear (the tokens service keeps a
 * hash); a token has a name and at least one scope.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import type { Scope } from "../../platform/scopes.js";
import {
  type IssuedToken,
  issuePersonalToken,
  listTokens,
  revokePersonalTokenOfUser,
  type TokenSummary,
} from "../tokens/service.js";

export const TOKEN_NAME_MAX_LENGTH = 100;

export function personalTokens(deps: ServiceDeps, userId: number): Promise<TokenSummary[]> {
  return listTokens(deps, userId).then((tokens) => tokens.filter((token) => token.kind === "personal"));
}

/** What can be wrong with a new token; the page puts it in words, in the reader's language. */
export type TokenProblem = "name-missing" | "name-too-long" | "no-scopes";

/** What is wrong with a new token's name and scopes; null when nothing. */
export function newTokenProblem(name: string, scopes: readonly Scope[]): TokenProblem | null {
  if (name === "") return "name-missing";
  if ([...name].length > TOKEN_NAME_MAX_LENGTH) return "name-too-long";
  if (scopes.length === 0) return "no-scopes";
  return null;
}

export async function createPersonalToken(
  deps: ServiceDeps,
  userId: number,
  name: string,
  scopes: readonly Scope[],
): Promise<IssuedToken> {
  const problem = newTokenProblem(name, scopes);
  if (problem !== null) throw new Error(`refusing to create a personal token: ${problem}`);
  return issuePersonalToken(deps, deps.db, userId, scopes, name);
}

export function revokePersonalToken(deps: ServiceDeps, userId: number, tokenId: number): Promise<boolean> {
  return revokePersonalTokenOfUser(deps, userId, tokenId);
}
