/**
 * Field constructors for request and response schemas. A wire field is nullable (the reference:
 * "all fields may be null") unless Kasboek always fills it: `Nullable` makes a `type: [T, "null"]`
 * schema that fast-json-stringify serialises quickly and that Fastify validates requests with
 * (validation.ts reads values as the reference does); `Filled` (responses only) a field that is
 * never null, which the OpenAPI document then promises. `format: "decimal"` marks exact decimals
 * on input, each with the largest magnitude it may have; it never appears in response schemas.
 */
import { Kind, type Static, type TObject, type TSchema, type TUnsafe, Type } from "@sinclair/typebox";
import { MAX_AMOUNT } from "./money.js";

interface StringOptions {
  maxLength?: number;
  /** what a reader of the OpenAPI document needs to know, e.g. when the field is null */
  description?: string;
}

export const Nullable = {
  string: (options: StringOptions = {}): TUnsafe<string | null> =>
    Type.Unsafe<string | null>({ type: ["string", "null"], ...options }),
  integer: (): TUnsafe<number | null> => Type.Unsafe<number | null>({ type: ["integer", "null"] }),
  boolean: (): TUnsafe<boolean | null> => Type.Unsafe<boolean | null>({ type: ["boolean", "null"] }),
  date: (): TUnsafe<string | null> => Type.Unsafe<string | null>({ type: ["string", "null"], format: "date" }),
  dateTime: (): TUnsafe<string | null> => Type.Unsafe<string | null>({ type: ["string", "null"], format: "date-time" }),
  /**
   * input only: accepts numbers and decimal strings, yields a canonical decimal string; its
   * magnitude is at most `maxMagnitude` (money.ts MAX_AMOUNT unless given, MAX_QUANTITY for quantities)
   */
  decimal: ({ maxMagnitude = MAX_AMOUNT }: { maxMagnitude?: string } = {}): TUnsafe<string | null> =>
    Type.Unsafe<string | null>({ type: ["string", "number", "null"], format: "decimal", maxMagnitude }),
  enumeration: <Value extends string>(values: readonly Value[]): TUnsafe<Value | null> =>
    Type.Unsafe<Value | null>({ type: ["string", "null"], enum: [...values, null] }),
  /**
   * An embedded object or null. Not `Type.Union([object, Type.Null()])`: fast-json-stringify
   * picks an `anyOf` branch by validating with Ajv, whose compiling was a sixth of a cold start.
   */
  object: <Schema extends TObject>(schema: Schema): TUnsafe<Static<Schema> | null> => {
    // TypeBox's own mark would make it check an object only; without it, it is plain JSON schema
    const { [Kind]: _object, ...jsonSchema } = schema;
    return Type.Unsafe<Static<Schema> | null>({ ...jsonSchema, type: ["object", "null"] });
  },
};

/**
 * Response fields Kasboek always fills: never null, and typed so, so the presenter that answers
 * with the schema cannot leave one null (its type is the schema's `Static`). fast-json-stringify
 * would write a null it met here as 0, "" or false, so only a field TypeScript proves filled may
 * be one. The reference's promise stays weaker ("may be null"): these only say more.
 */
export const Filled = {
  integer: (): TUnsafe<number> => Type.Unsafe<number>({ type: "integer" }),
  string: (options: StringOptions = {}): TUnsafe<string> => Type.Unsafe<string>({ type: "string", ...options }),
  boolean: (): TUnsafe<boolean> => Type.Unsafe<boolean>({ type: "boolean" }),
  date: (): TUnsafe<string> => Type.Unsafe<string>({ type: "string", format: "date" }),
  dateTime: (): TUnsafe<string> => Type.Unsafe<string>({ type: "string", format: "date-time" }),
  enumeration: <Value extends string>(values: readonly Value[]): TUnsafe<Value> =>
    Type.Unsafe<Value>({ type: "string", enum: [...values] }),
};

/** A response object whose properties are all required (present, possibly null), in order. */
export function ResponseObject<Properties extends Record<string, TSchema>>(properties: Properties) {
  return Type.Object(properties, { additionalProperties: false });
}

/**
 * A response object some of whose fields are left out when unset (`Type.Optional` ones). The
 * serializer writes required properties before optional ones, which would break the reference's
 * field order, so at run time no property is marked required; the static type stays exact.
 */
export function ResponseObjectWithOmissions<Properties extends Record<string, TSchema>>(properties: Properties) {
  const schema = Type.Object(properties, { additionalProperties: false });
  delete (schema as { required?: string[] }).required;
  return schema;
}
