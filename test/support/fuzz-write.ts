/**
 * For the fuzz test: JSON bodies for the API's create and update routes. Most start from a valid
 * body of the route's collection (`template`) with up to three changes, so they pass validation
 * and reach the service and the database; the rest are generated from the payload schema alone,
 * wrapped oddly or malformed. A route reads the payload named by its last fixed path segment.
 */
import fc from "fast-check";
import { AttachmentPayload } from "../../src/modules/attachments/schemas.js";
import { BookkeepingSettingsPayload } from "../../src/modules/bookkeeping-settings/schemas.js";
import { CompanyPayload } from "../../src/modules/companies/schemas.js";
import { ContactPayload } from "../../src/modules/contacts/schemas.js";
import { ExpensePayload } from "../../src/modules/expenses/schemas.js";
import { HourPayload } from "../../src/modules/hours/schemas.js";
import { JournalEntryPayload } from "../../src/modules/journal-entries/schemas.js";
import { PaymentPayload } from "../../src/modules/payments/schemas.js";
import { ProductPayload } from "../../src/modules/products/schemas.js";
import { QuotationPayload } from "../../src/modules/quotations/schemas.js";
import { RidePayload } from "../../src/modules/rides/schemas.js";
import { SalesInvoicePayload } from "../../src/modules/sales-invoices/schemas.js";
import { VatReturnPayload } from "../../src/modules/vat-returns/schemas.js";
import { type Body, rawBodies, withContentType } from "./fuzz-envelope.js";
import { baseType, fieldValue, objectValue, type WritePayload } from "./fuzz-fields.js";
import { ATTACHMENT_SAMPLES, BANK, REVENUE } from "./fuzz-fixtures.js";
import { ownRef, type Pools } from "./fuzz-model.js";
import type { CollectedRoute } from "./fuzz-routes.js";
import { extraKeys, jsonText, PROTOTYPE_KEYS, weirdValue } from "./fuzz-values.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A valid body's attributes for each collection's write routes, fresh on every draw. */
function template(pools: Pools, collection: string): fc.Arbitrary<Record<string, unknown>> {
  const line = () => ({ description: "Werk", price_per_unit: "100", quantity: "1" });
  switch (collection) {
    case "companies":
      return fc.constant(null).map(() => ({ name: "Fuzz Extra BV", vat_liable: false }));
    case "contacts":
      return fc.constant(null).map(() => ({ company_name: "Fuzz Klant" }));
    case "products":
      return fc.constant(null).map(() => ({ invoice_line: { description: "Product", price_per_unit: "10" } }));
    case "sales_invoices":
      return ownRef("contacts").map((contact) => ({
        contact_id: contact,
        date: "2024-04-02",
        invoice_lines: [line()],
      }));
    case "quotations":
      return ownRef("contacts").map((contact) => ({ contact_id: contact, invoice_lines: [line()] }));
    case "expenses":
      return ownRef("contacts").map((contact) => ({
        date: "2024-04-02",
        type_account_id: pools.a.expenseAccountId,
        contact_id: contact,
        invoice_lines: [{ description: "Papier", price_per_unit: "50" }],
      }));
    case "payments":
      return fc.constant(null).map(() => ({ amount: "25", account_path: BANK, paid_at: "2024-04-02" }));
    case "journal_entries":
      return fc.constant(null).map(() => ({
        date: "2024-04-02",
        lines: [
          { account_path: BANK, debit_amount: "10" },
          { account_path: REVENUE, credit_amount: "10" },
        ],
      }));
    case "rides":
      return fc.constant(null).map(() => ({ km_start: 10, km_end: 20, date: "2024-04-02" }));
    case "hours":
      return fc.constant(null).map(() => ({
        started_at: "2024-04-02 09:00:00 +0200",
        ended_at: "2024-04-02 10:30:00 +0200",
        description: "Werk",
      }));
    case "attachments":
      return fc
        .constantFrom(...ATTACHMENT_SAMPLES)
        .map((attachment) => ({ attachment, attachment_file_name: "bon.pdf" }));
    case "bookkeeping_settings":
      return fc.constantFrom("quarter", "month", "year").map((period) => ({ vat_period: period }));
    case "vat_returns":
      return fc.constantFrom("2024Q2", "2023Q4", "2023", "2024-04", "2024-05").map((period) => ({ period }));
    default:
      return fc.constant(null).map(() => ({}));
  }
}

type Mutation = (attributes: Record<string, unknown>) => void;

/** Up to three changes to a valid body: a field set (to a valid or odd value), removed, added. */
function mutations(pools: Pools, payload: WritePayload): fc.Arbitrary<Mutation[]> {
  const properties = payload.schema.properties ?? {};
  const names = Object.keys(properties);
  const options: fc.Arbitrary<Mutation>[] = [
    ...Object.entries(properties).map(([name, schema]) =>
      fieldValue(pools, name, schema, 0).map(
        (value): Mutation =>
          (attributes) => {
            attributes[name] = value;
          },
      ),
    ),
    fc.constantFrom(...names).map(
      (name): Mutation =>
        (attributes) => {
          delete attributes[name];
        },
    ),
  ];
  // unknown keys, those that name Object.prototype's members above all (drawn as often as fields)
  const unknown = fc.oneof(
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), weirdValue) },
    { weight: 1, arbitrary: extraKeys.map((extra) => Object.entries(extra)[0] ?? ["foo", 1]) },
  );
  const unknownAt = (path: "top" | string) =>
    unknown.map(
      ([key, value]): Mutation =>
        (attributes) => {
          const holder = path === "top" ? attributes : attributes[path];
          const target = Array.isArray(holder) ? holder[0] : holder;
          if (isRecord(target)) Object.defineProperty(target, key, { value, enumerable: true, writable: true });
        },
    );
  for (let copy = 0; copy < Math.max(1, Math.floor(names.length / 4)); copy++) options.push(unknownAt("top"));
  if (payload.readOnly.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...payload.readOnly), weirdValue).map(
        ([name, value]): Mutation =>
          (attributes) => {
            attributes[name] = value;
          },
      ),
    );
  }
  // one field of a nested object or of the first element of a nested array (a document's lines)
  for (const [name, schema] of Object.entries(properties)) {
    const type = baseType(schema);
    const inner = type === "array" ? schema.items?.properties : type === "object" ? schema.properties : undefined;
    if (inner === undefined) continue;
    options.push(unknownAt(name));
    for (const [innerName, innerSchema] of Object.entries(inner)) {
      options.push(
        fieldValue(pools, innerName, innerSchema, 1).map(
          (value): Mutation =>
            (attributes) => {
              const holder = attributes[name];
              const target = Array.isArray(holder) ? holder[0] : holder;
              if (isRecord(target)) target[innerName] = value;
              else attributes[name] = type === "array" ? [{ [innerName]: value }] : { [innerName]: value };
            },
        ),
      );
    }
  }
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 2, arbitrary: fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 }) },
  );
}

/** A JSON body for a write route of `collection` with `payload` (its wrapper and attribute schema). */
export function writeBody(
  pools: Pools,
  collection: string,
  payload: WritePayload,
  update: boolean,
): fc.Arbitrary<Body> {
  const { wrapper } = payload;
  // an update sends some of a valid body's fields (a published document refuses most changes)
  const base = update
    ? template(pools, collection).chain((full) =>
        fc
          .subarray(Object.keys(full), { minLength: 1 })
          .map((keys) => Object.fromEntries(keys.map((key) => [key, full[key]]))),
      )
    : template(pools, collection);
  const mutated = fc.tuple(base, mutations(pools, payload)).map(([attributes, changes]) => {
    for (const change of changes) change(attributes);
    return attributes;
  });
  const generated = objectValue(pools, payload.schema.properties ?? {}, payload.readOnly, 0);
  const attributes = fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 1, arbitrary: generated });
  const value: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 14, arbitrary: attributes.map((attrs) => ({ [wrapper]: attrs })) },
    {
      weight: 1,
      arbitrary: fc.tuple(attributes, extraKeys).map(([attrs, extra]) => Object.assign({ [wrapper]: attrs }, extra)),
    },
    { weight: 1, arbitrary: weirdValue.map((wrapped) => ({ [wrapper]: wrapped })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({}, { [wrapper]: {} }, { [wrapper]: null }, { [wrapper]: [] }) },
    { weight: 1, arbitrary: attributes },
    { weight: 1, arbitrary: weirdValue },
  );
  return fc.oneof(
    { weight: 14, arbitrary: withContentType(value.map(jsonText)) },
    { weight: 1, arbitrary: withContentType(fc.constantFrom(...rawBodies(wrapper))) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

const PAYLOADS: Record<string, WritePayload> = {
  companies: CompanyPayload,
  contacts: ContactPayload,
  products: ProductPayload,
  sales_invoices: SalesInvoicePayload,
  quotations: QuotationPayload,
  expenses: ExpensePayload,
  payments: PaymentPayload,
  journal_entries: JournalEntryPayload,
  rides: RidePayload,
  hours: HourPayload,
  attachments: AttachmentPayload,
  bookkeeping_settings: BookkeepingSettingsPayload,
  vat_returns: VatReturnPayload,
} as unknown as Record<string, WritePayload>;

/** A route's last fixed path segment: `contacts` for /api/v1/companies/:company_id/contacts/:id. */
export function collectionOf(route: CollectedRoute): string {
  return (
    route.url
      .split("/")
      .filter((segment) => segment !== "" && !segment.startsWith(":"))
      .at(-1) ?? ""
  );
}

/** The write payload an API route reads (by its collection), if any. */
export function payloadOf(route: CollectedRoute): WritePayload | undefined {
  if (!route.url.startsWith("/api/") || (route.method !== "POST" && route.method !== "PATCH")) return undefined;
  return PAYLOADS[collectionOf(route)];
}
