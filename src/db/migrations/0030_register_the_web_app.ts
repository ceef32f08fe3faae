/**
 * Kasboek's own web app (/app/) signs in through Kasboek's OAuth server like any application,
 * as a public client (authorization code with PKCE, no secret). It is marked first-party: the
 * user is signing in to Kasboek itself, so the authorization endpoint does not ask for consent
 * (modules/oauth/authorize-service.ts), for this client only. Its redirect URI is a path, on this
 * service's own address (see `resolveRedirectUris` in modules/oauth/rules.ts): the address an
 * installation is reached at is not known when the migration runs.
 */
import { type Kysely, sql } from "kysely";
import { columnTypes } from "../dialect.js";

/** The web app's client id; web/src/auth/ sends it. */
const WEB_APP_CLIENT_ID = "kasboek-web";

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .alterTable("oauth_clients")
    .addColumn("first_party", types.boolean, (column) => column.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("oauth_clients" as never)
    .values({
      client_id: WEB_APP_CLIENT_ID,
      secret_hash: null,
      name: "Kasboek",
      redirect_uris: JSON.stringify(["/app/callback"]),
      created_at: new Date().toISOString(),
      first_party: 1,
    } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from oauth_clients where client_id = ${WEB_APP_CLIENT_ID}`.execute(db);
  await db.schema.alterTable("oauth_clients").dropColumn("first_party").execute();
}
