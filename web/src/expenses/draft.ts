/**
 * What the expense editor holds while the reader types, and the API body made of it. The same
 * invariants as the invoice editor's draft: text stays as typed (a Dutch number or date is turned
 * into the API's form when sent, an unreadable one sent as typed so the server names it at its
 * field); lines keep their server ids, and a removed saved line is sent as `_destroy` after the
 * lines shown, so `invoice_lines[i]` in the server's answer is the i-th line on the screen.
 * A line's amount is its price excluding VAT; its quantity is the server's and is never sent, so
 * a line made elsewhere with another quantity keeps it.
 */
import type { Schema } from "@kasboek/client";
import { decimalForInput, formatDate, parseDateInput, parseDecimalInput, todayIso } from "../format.js";
import type { NewContactDraft } from "../invoices/draft.js";
import type { Expense } from "./status.js";

export interface ExpenseLineDraft {
  /** React's key: the server id, or a new line's own */
  key: string;
  id: number | null;
  description: string;
  amount: string;
  vatTypeId: number | null;
  /** the line's own account; null books it on the expense's account */
  accountId: number | null;
}

export interface ExpenseDraft {
  contactId: number | null;
  /** set while the reader enters a supplier that does not exist yet */
  newContact: NewContactDraft | null;
  date: string;
  typeAccountId: number | null;
  lines: ExpenseLineDraft[];
  removedLineIds: number[];
}

let lineCounter = 0;

export function emptyExpenseLine(): ExpenseLineDraft {
  lineCounter += 1;
  return { key: `new-${lineCounter}`, id: null, description: "", amount: "", vatTypeId: null, accountId: null };
}

export function expenseDraftOf(expense: Expense | null): ExpenseDraft {
  if (expense === null) {
    return {
      contactId: null,
      newContact: null,
      date: formatDate(todayIso()),
      typeAccountId: null,
      lines: [emptyExpenseLine()],
      removedLineIds: [],
    };
  }
  return {
    contactId: expense.contact_id,
    newContact: null,
    date: formatDate(expense.date),
    typeAccountId: expense.type_account_id,
    lines: expense.invoice_lines.map((line) => ({
      key: `line-${line.id}`,
      id: line.id,
      description: line.description ?? "",
      amount: decimalForInput(line.price_per_unit, 2),
      vatTypeId: line.vat_type_id,
      accountId: line.account_id,
    })),
    removedLineIds: [],
  };
}

type Input = Schema<"ExpenseInput">;
type LineInput = NonNullable<Input["invoice_lines"]>[number];

function typedOr<Value>(text: string, read: (text: string) => Value | null): Value | string | undefined {
  if (text.trim() === "") return undefined;
  return read(text) ?? text.trim();
}

/** The API's body; `defaultAccountId` is the expense's account when the reader chose none. */
export function expenseBodyOf(draft: ExpenseDraft, publish: boolean, defaultAccountId: number | null): Input {
  const lines: LineInput[] = draft.lines.map((line) => ({
    ...(line.id === null ? {} : { id: line.id }),
    description: line.description,
    price_per_unit: typedOr(line.amount, parseDecimalInput),
    vat_type_id: line.vatTypeId,
    account_id: line.accountId,
  }));
  const removed: LineInput[] = draft.removedLineIds.map((id) => ({ id, _destroy: true }));
  const contact =
    draft.newContact === null
      ? { contact_id: draft.contactId }
      : {
          contact: Object.fromEntries(
            Object.entries(draft.newContact).filter(([, value]) => value.trim() !== ""),
          ) as Input["contact"],
        };
  const typeAccountId = draft.typeAccountId ?? defaultAccountId;
  return {
    ...contact,
    date: typedOr(draft.date, parseDateInput),
    ...(typeAccountId === null ? {} : { type_account_id: typeAccountId }),
    invoice_lines: [...lines, ...removed],
    ...(publish ? { state: "published" as const } : {}),
  };
}

/** The fields of the editor a server problem can be shown at; the rest goes in the banner. */
export function isExpenseEditorField(attribute: string): boolean {
  return (
    /^(contact_id|date|type_account_id|invoice_lines)$/.test(attribute) ||
    /^contact\.(company_name|contact_person_email_address|address|zipcode|city)$/.test(attribute) ||
    /^invoice_lines\[\d+\]\.(description|price_per_unit|vat_type_id|account_id)$/.test(attribute)
  );
}
