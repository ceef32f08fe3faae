/**
 * Quotation signing tokens stop being stored: a quotation keeps the SHA-256 of its token (to find
 * it by the link) and a random nonce from which the token is derived with the installation's
 * secret key (to show `sign_url` again), as quotations/sign-token.ts does. Existing tokens are
 * hashed in place; their links keep working, but having no nonce their `sign_url` is no longer
 * shown (the plain token is gone, which is the point). All or nothing, in the migration's transaction.
 */
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quotations").addColumn("sign_token_hash", "text").execute();
  await db.schema.alterTable("quotations").addColumn("sign_nonce", "text").execute();
  const { rows } = await sql<{ id: number; sign_token: string }>`
    select id, sign_token from quotations where sign_token is not null`.execute(db);
  for (const row of rows) {
    const hash = createHash("sha256").update(row.sign_token).digest("hex");
    await sql`update quotations set sign_token_hash = ${hash} where id = ${row.id}`.execute(db);
  }
  await db.schema.dropIndex("quotations_sign_token_unique").execute();
  await db.schema.alterTable("quotations").dropColumn("sign_token").execute();
  await db.schema
    .createIndex("quotations_sign_token_hash_unique")
    .on("quotations")
    .column("sign_token_hash")
    .unique()
    .execute();
}

/** The plain tokens cannot come back: links made before or after this migration stop working. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("quotations_sign_token_hash_unique").execute();
  await db.schema.alterTable("quotations").dropColumn("sign_nonce").execute();
  await db.schema.alterTable("quotations").dropColumn("sign_token_hash").execute();
  await db.schema.alterTable("quotations").addColumn("sign_token", "text").execute();
  await db.schema.createIndex("quotations_sign_token_unique").on("quotations").column("sign_token").unique().execute();
}
