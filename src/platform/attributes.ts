/**
 * A write payload (`{"ride": {...}}`) as a service reads it. Fastify has validated the body with
 * the payload's schema first (validation.ts `payloadSchema`, through route-docs.ts `payloadBody`):
 * the wrapper is there, every key is an attribute and read-only keys are gone, or the request was
 * refused with a 400. Every value left has its type: amounts are canonical decimals, dates are
 * dates. A value the schema found invalid is not there; its problem was handed over with the
 * body (`deferAttributeProblems`), so that the service answers with one 422 naming it together
 * with every rule it breaks.
 *
 * What no schema can do is done here: a date-time is read in the company's time zone, and refused
 * when its day there is not a supported date.
 *
 * Invariant: `readWritePayload` is how a service reads a body, and it takes the body's schema
 * problems into the service's `ValidationErrors`; http.ts refuses to answer a success for a body
 * whose problems no service took.
 */
import type { Static, TObject } from "@sinclair/typebox";
import type { AttributeProblem } from "./catalogue/keys.js";
import { isSupportedInstant, OUTSIDE_SUPPORTED_DATES, parseDateTime } from "./dates.js";
import type { ValidationErrors } from "./errors.js";

/**
 * The most elements any array of a request body may have (document lines, payments, journal
 * entry lines): enough for any real document, few enough that one request cannot occupy the
 * server, and every write stays within both databases' statement limits (see invoice-lines).
 */
export const MAX_ARRAY_ITEMS = 1000;

export interface CoercionContext {
  timeZone: string;
}

export interface WritePayloadSpec<Schema extends TObject> {
  /** the wrapper key, e.g. "ride" */
  wrapper: string;
  schema: Schema;
  /** keys that responses carry and clients may send back; ignored on input */
  readOnly: readonly string[];
}

interface FieldSchema {
  format?: string;
  properties?: Record<string, FieldSchema>;
  items?: FieldSchema;
}

/** The problems the schema found in each body, until its service takes them. */
const deferredProblems = new WeakMap<object, readonly AttributeProblem[]>();

/** Hands the attribute problems of a validated `body` to the service that reads it. */
export function deferAttributeProblems(body: object, problems: readonly AttributeProblem[]): void {
  deferredProblems.set(body, problems);
}

/** Whether `body` still carries problems no service took (a route that never read its body). */
export function hasUnreportedProblems(body: unknown): boolean {
  return typeof body === "object" && body !== null && deferredProblems.has(body);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Replaces each date-time of `attributes` (nested ones too) by its instant, ISO UTC. */
function readInstants(
  schema: FieldSchema,
  attributes: Record<string, unknown>,
  context: CoercionContext,
  errors: ValidationErrors,
  prefix: string,
): void {
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const value = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
    const name = `${prefix}${key}`;
    if (field.format === "date-time" && typeof value === "string") {
      const instant = parseDateTime(value, context.timeZone);
      if (instant !== null && isSupportedInstant(instant, context.timeZone)) attributes[key] = instant;
      else {
        errors.add(name, instant === null ? { key: "notADateTime" } : OUTSIDE_SUPPORTED_DATES);
        delete attributes[key];
      }
    } else if (field.properties !== undefined && isPlainObject(value)) {
      readInstants(field, value, context, errors, `${name}.`);
    } else if (field.items?.properties !== undefined && Array.isArray(value)) {
      const items = field.items;
      value.forEach((item, index) => {
        if (isPlainObject(item)) readInstants(items, item, context, errors, `${name}[${index}].`);
      });
    }
  }
}

/**
 * The attributes of a payload Fastify validated, with its date-times read in `context.timeZone`.
 * The schema's problems and those of date-times are in `errors`, for the caller to throw together
 * with its rule problems; the attributes they name are left out.
 */
export function readWritePayload<Schema extends TObject>(
  spec: WritePayloadSpec<Schema>,
  body: unknown,
  context: CoercionContext,
  errors: ValidationErrors,
): Partial<Static<Schema>> {
  if (isPlainObject(body)) {
    for (const { attribute = "", problem } of deferredProblems.get(body) ?? []) errors.add(attribute, problem);
    deferredProblems.delete(body);
  }
  const wrapped = isPlainObject(body) ? body[spec.wrapper] : undefined;
  const attributes = isPlainObject(wrapped) ? wrapped : {};
  readInstants(spec.schema as FieldSchema, attributes, context, errors, "");
  return attributes as Partial<Static<Schema>>;
}
