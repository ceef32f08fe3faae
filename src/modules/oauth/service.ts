/**
 * What other modules may ask of the OAuth server (the layer rules let them reach it only
 * through this file): housekeeping of its expired authorization codes, and the declaration of
 * `oauth_grants` for the tokens store, which reads it. The OAuth use cases themselves live in the
 * *-service.ts files beside this one and serve only its routes.
 */
import type { ServiceDeps } from "../../platform/deps.js";
import { deleteCodesExpiredBefore } from "./store.js";

export type { GrantTables } from "./store.js";

/**
 * A code lives 60 seconds, but it is kept a day past its expiry: presenting a used code again
 * revokes the grant it was issued under (token-service.ts), and that only works while the
 * used code is still there to be recognised.
 */
const USED_CODE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** Deletes authorization codes that expired more than a day ago; returns how many. */
export async function removeExpiredAuthorizationCodes(deps: ServiceDeps): Promise<number> {
  return deleteCodesExpiredBefore(deps.db, new Date(deps.now().getTime() - USED_CODE_MEMORY_MS).toISOString());
}
