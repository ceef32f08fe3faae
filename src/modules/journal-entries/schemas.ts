/** Wire shapes of a manual journal entry, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const JournalEntryLineSchema = ResponseObject({
  id: Filled.integer(),
  account_id: Filled.integer(),
  account_path: Nullable.string(),
  debit_amount: Nullable.string(),
  credit_amount: Nullable.string(),
});

export const JournalEntrySchema = ResponseObject({
  id: Filled.integer(),
  description: Nullable.string(),
  date: Filled.date(),
  lines: Type.Array(JournalEntryLineSchema),
});

export const JournalEntryResponse = Type.Object({ journal_entry: JournalEntrySchema });
export const JournalEntryListResponse = Type.Object({ journal_entries: Type.Array(JournalEntrySchema) });

export const JournalEntryLineAttributes = Type.Object({
  id: Nullable.integer(),
  _destroy: Nullable.boolean(),
  account_id: Nullable.integer(),
  account_path: Nullable.string({ maxLength: 255 }),
  debit_amount: Nullable.decimal(),
  credit_amount: Nullable.decimal(),
});

export const JournalEntryAttributes = Type.Object({
  description: Nullable.string({ maxLength: 1000 }),
  date: Nullable.date(),
  lines: Type.Array(JournalEntryLineAttributes),
});

export const JournalEntryPayload = {
  wrapper: "journal_entry",
  schema: JournalEntryAttributes,
  readOnly: ["id"],
} as const;
