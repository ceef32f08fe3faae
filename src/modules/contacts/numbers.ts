/**
 * Contact numbers (a unique reference, generated when left blank). Invariants: a
 * number given by hand that another contact has is a 422; a generated number never is. It comes
 * from the company's counter inside the writing transaction, and when it collides with a number
 * given by hand (stored earlier, or committed meanwhile by another transaction, which the
 * counter's row lock does not serialise) the write is retried with the next counter value.
 */
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation } from "../../db/dialect.js";
import { invalid, type ValidationErrors } from "../../platform/errors.js";
import { nextInSeries } from "../counters/service.js";
import { formatContactNumber } from "./rules.js";
import { contactNumberTaken } from "./store.js";

const CONTACT_NUMBER_SERIES = "contact_number";

/** Records a problem when a number given by hand already belongs to another contact. */
export async function checkGivenContactNumber(
  transaction: Executor,
  companyId: number,
  contactNumber: string,
  errors: ValidationErrors,
  exceptContactId?: number,
): Promise<void> {
  if (await contactNumberTaken(transaction, companyId, contactNumber, exceptContactId)) {
    errors.add("contact_number", { key: "taken" });
  }
}

/**
 * Runs `write` with the next free generated number. `write` answers undefined when its number
 * turned out to be taken after all, and is then called again with the next one.
 */
export async function writeWithGeneratedNumber<Row>(
  transaction: Executor,
  companyId: number,
  write: (contactNumber: string) => Promise<Row | undefined>,
): Promise<Row> {
  for (;;) {
    const generated = formatContactNumber(await nextInSeries(transaction, companyId, CONTACT_NUMBER_SERIES));
    // Looking first skips numbers given by hand long ago without a write that must be undone.
    if (await contactNumberTaken(transaction, companyId, generated)) continue;
    const row = await write(generated);
    if (row !== undefined) return row;
  }
}

/** A hand-given number that a concurrent write took between our check and our write. */
export function duplicateContactNumber(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw invalid("contact", [{ attribute: "contact_number", problem: { key: "taken" } }]);
  }
  throw error;
}
