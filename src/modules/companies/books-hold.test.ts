/**
 * The read of a company's details that a publication makes also holds the company's row for the
 * books (PostgreSQL): what the ledger's own hold did with a statement of its own. A writer that
 * changes the company row (a VAT return being filed, a plan change) waits for it; readers and
 * other postings do not.
 */
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildTestApp, newCompany } from "../../../test/support/app.js";
import { openDatabase } from "../../db/connection.js";
import { companyDetails, companyDetailsHoldingBooks } from "./service.js";

const postgres = inject("databaseUrl").startsWith("postgres");
const harness = await buildTestApp();
const other = openDatabase(inject("databaseUrl"));
afterAll(async () => {
  await other.close();
  await harness.close();
});

/** Whether another connection can lock the company's row for update right now (no waiting). */
async function lockableForUpdate(companyId: number): Promise<boolean> {
  try {
    await other.db
      .transaction()
      .execute((transaction) =>
        sql`select id from companies where id = ${companyId} for no key update nowait`.execute(transaction),
      );
    return true;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "55P03") return false;
    throw error;
  }
}

describe.runIf(postgres)("a publication's read of its company", () => {
  it("holds the company's row until the transaction ends, and gives the same details", async () => {
    const { companyId } = await newCompany(harness.deps, "Boeken BV");
    expect(await lockableForUpdate(companyId)).toBe(true);
    await harness.deps.db.transaction().execute(async (transaction) => {
      const held = await companyDetailsHoldingBooks(transaction, companyId);
      expect(held).toEqual(await companyDetails(transaction, companyId));
      expect(held?.name).toBe("Boeken BV");
      expect(await lockableForUpdate(companyId)).toBe(false);
      // a shared hold: another posting's hold does not wait for it
      await other.db.transaction().execute((elsewhere) => companyDetailsHoldingBooks(elsewhere, companyId));
    });
    expect(await lockableForUpdate(companyId)).toBe(true);
  });
});
