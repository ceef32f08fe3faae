/**
 * For the fuzz test: values for one field of a write payload, derived from its JSON schema (the
 * `…Payload` of each module's schemas.ts, which `platform/attributes.ts` reads). Valid for the
 * field's type and format most of the time, odd the rest, so requests get past validation often
 * enough to reach the code behind it. Ids are references to A's resources (fuzz-model.ts) and
 * sometimes B's ids, which every route must refuse.
 */
import fc from "fast-check";
import { ATTACHMENT_SAMPLES } from "./fuzz-fixtures.js";
import { anyOwnRef, idsOf, ownRef, type Pools } from "./fuzz-model.js";
import { extraKeys, pick, RawJson, weirdValue } from "./fuzz-values.js";

export interface FieldSchema {
  type?: string | string[];
  format?: string;
  maxLength?: number;
  enum?: unknown[];
  properties?: Record<string, FieldSchema>;
  items?: FieldSchema;
}

export interface WritePayload {
  wrapper: string;
  schema: FieldSchema;
  readOnly: readonly string[];
}

export function baseType(schema: FieldSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== "null") : schema.type;
}

const ID_FIELD_KINDS: Record<string, string> = {
  contact_id: "contacts",
  client_id: "contacts",
  product_id: "products",
  account_id: "accounts",
  type_account_id: "accounts",
  credited_invoice_id: "sales_invoices",
  vat_type_id: "vat_types",
  template_id: "templates",
};

/** An id field's value: A's of the right kind mostly, B's (must be refused), any number, odd. */
function idValue(pools: Pools, kind: string | undefined): fc.Arbitrary<unknown> {
  const other = kind === undefined ? [] : idsOf(pools, pools.b, kind);
  return fc.oneof(
    { weight: 10, arbitrary: kind === undefined ? fc.integer({ min: 1, max: 50 }) : ownRef(kind) },
    { weight: 1, arbitrary: kind === undefined ? fc.constant("1") : ownRef(kind, "str") },
    { weight: 1, arbitrary: anyOwnRef() },
    { weight: 3, arbitrary: pick(other, 2) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 100_000 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        0,
        -1,
        1.5,
        " 3 ",
        "12abc",
        Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER + 2,
        "9".repeat(20),
        new RawJson("9".repeat(400)),
      ),
    },
  );
}

export const isoDate = fc
  .date({ min: new Date("2021-06-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const dateTime = fc.oneof(
  fc
    .date({ min: new Date("2021-06-01T00:00:00Z"), max: new Date("2026-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => date.toISOString()),
  fc
    .tuple(isoDate, fc.integer({ min: 0, max: 23 }), fc.constantFrom("+0100", "+0200", "-0500", "+0000"))
    .map(([date, hour, zone]) => `${date} ${String(hour).padStart(2, "0")}:30:00 ${zone}`),
  isoDate,
);

const decimal = fc.oneof(
  fc.integer({ min: -10_000, max: 10_000 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2)),
  fc.constantFrom("0", "0.21", "21", "9", "-5.5", "0.0000000001", "10000000000000", "1000000000", "-10000000000000"),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
);

function textValue(pools: Pools, name: string, maxLength: number | undefined): fc.Arbitrary<unknown> {
  switch (name) {
    case "account_path":
      return fc.oneof({ weight: 5, arbitrary: pick(pools.a.accountPaths, "1000") }, fc.constantFrom("1000", "x.y"));
    case "currency":
      return fc.constantFrom("eur", "EUR", "usd", "gbp", "xxx", "€");
    case "country_code":
      return fc.constantFrom("NL", "BE", "DE", "nl", "XX", "GB", "US");
    case "email":
    case "contact_person_email_address":
      return fc.oneof(fc.constant("rob@example.org"), fc.emailAddress());
    case "iban":
      return fc.constantFrom("NL91ABNA0417164300", "NL91 ABNA 0417 1643 00", "DE89370400440532013000", "NL00XXXX");
    case "bic":
      return fc.constantFrom("ABNANL2A", "RABONL2U", "X");
    case "vat_number":
      return fc.constantFrom("NL123456789B01", "NL123456782B01", "BE0123456789", "DE123456789");
    case "kvk_number":
      return fc.constantFrom("12345678", "1234");
    case "zipcode":
      return fc.constantFrom("1234 AB", "3527VX", "1000");
    case "website":
      return fc.constantFrom("https://example.org", "javascript:alert(1)", "example");
    case "period":
      return fc.constantFrom("2024Q1", "2024Q2", "2024-03", "2023", "2024q1", "2024Q5", "2024-13", "2030Q1");
    case "attachment":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ATTACHMENT_SAMPLES) },
        {
          weight: 2,
          arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("base64")),
        },
        { weight: 1, arbitrary: fc.constantFrom("!!!!", "YQ", "YQ=", "YQ===", "data:application/pdf;base64,JVBERg==") },
      );
    case "attachment_file_name":
      return fc.oneof(
        fc.constantFrom("bon.pdf", "../../etc/passwd", "a/b\\c.png", "CON", ".htaccess", "x".repeat(300)),
        fc.string({ unit: "grapheme", maxLength: 20 }),
      );
    default:
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: Math.min(maxLength ?? 40, 40) }) },
        { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: Math.min(maxLength ?? 40, 40) }) },
        { weight: 1, arbitrary: fc.constant("x".repeat(maxLength ?? 300)) },
      );
  }
}

/** A value for field `name`: valid for its schema mostly, odd (weirdValue) sometimes. */
export function fieldValue(pools: Pools, name: string, schema: FieldSchema, depth: number): fc.Arbitrary<unknown> {
  const type = baseType(schema);
  let valid: fc.Arbitrary<unknown>;
  if (type === "object" && schema.properties) valid = objectValue(pools, schema.properties, [], depth + 1);
  else if (type === "array" && schema.items?.properties) {
    valid = fc.array(objectValue(pools, schema.items.properties, [], depth + 1), { maxLength: depth > 1 ? 1 : 3 });
  } else if (type === "integer") {
    valid =
      name.endsWith("_id") || name === "id"
        ? idValue(pools, ID_FIELD_KINDS[name])
        : fc.integer({ min: -10, max: 250_000 });
  } else if (type === "boolean") valid = fc.constantFrom(true, false, "true", "false", 1, 0, "1", "0", "");
  else if (schema.enum !== undefined) valid = fc.constantFrom(...schema.enum.filter((value) => value !== null), "");
  else if (schema.format === "decimal") valid = decimal;
  else if (schema.format === "date") valid = fc.oneof({ weight: 4, arbitrary: isoDate }, dateTime);
  else if (schema.format === "date-time") valid = dateTime;
  else valid = textValue(pools, name, schema.maxLength);
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: weirdValue });
}

/** An object of some of `properties` (any subset), sometimes with read-only or unknown keys. */
export function objectValue(
  pools: Pools,
  properties: Record<string, FieldSchema>,
  readOnly: readonly string[],
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of Object.entries(properties)) fields[name] = fieldValue(pools, name, schema, depth);
  const record = fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
  const readOnlyKeys =
    readOnly.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...readOnly), weirdValue);
  return fc.oneof(
    { weight: 12, arbitrary: record },
    { weight: 1, arbitrary: fc.tuple(record, extraKeys).map(([value, extra]) => Object.assign(value, extra)) },
    { weight: 1, arbitrary: fc.tuple(record, readOnlyKeys).map(([value, extra]) => ({ ...value, ...extra })) },
  );
}
