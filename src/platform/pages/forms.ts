/**
 * HTML form bodies (`application/x-www-form-urlencoded`), read by @fastify/formbody in the scopes
 * that take forms: the pages (scope.ts) and the OAuth endpoints. Invariants: the API never reads
 * one — outside those scopes a form body meets the catch-all parser of `platform/http.ts`, which
 * refuses any non-JSON body (400, or nothing when the body is empty), whatever its size; a form is
 * at most 16 KiB (413 beyond); a parsed form is a plain record whose first value of each name wins
 * and whose names can never reach Object.prototype; a form with a NUL character anywhere is
 * refused with a 400 (PostgreSQL cannot store one, and no form field has a use for it).
 */
import fastifyFormbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.js";

export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (`${name}${value}`.includes("\u0000")) {
      throw new ApiError("client.parameters.invalid_parameter_value", { key: "formFieldNul" });
    }
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/** Makes `scope` (an encapsulated plugin) read form bodies. */
export function acceptForms(scope: FastifyInstance): void {
  scope.register(fastifyFormbody, { bodyLimit: FORM_BODY_LIMIT_BYTES, parser: parseForm });
}

/**
 * A form field's value; "" when the body lacks the field or is no form. Only a body this parser
 * made counts (its null prototype marks it): a JSON body that reached a page is not a form.
 */
export function formField(body: unknown, name: string): string {
  if (typeof body !== "object" || body === null || Object.getPrototypeOf(body) !== null) return "";
  if (!Object.hasOwn(body, name)) return "";
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}
