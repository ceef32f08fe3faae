/**
 * Limits on the shape of a parsed JSON body, whatever the route: how deeply it nests and how
 * long any array in it is. No request of the API needs more than a few levels (a document, its
 * lines, a line's fields) or more than MAX_ARRAY_ITEMS elements in an array (a schema names the
 * array in a 422 up to JSON_MAX_ARRAY_LENGTH: validation.ts); beyond these the body is refused
 * whole with a 400, before any code walks it recursively. The walk itself is iterative, so no
 * depth of input can overflow the stack. Pure code.
 */
import { ApiError } from "./errors.js";

/** Levels of objects and arrays; the body itself is level 1. */
export const JSON_MAX_DEPTH = 20;
/** Elements of one array; longer arrays of a schema get a 422 from its `maxItems` first. */
export const JSON_MAX_ARRAY_LENGTH = 10_000;

/** Throws a 400 invalid_parameter_value when `body` nests too deeply or has too long an array. */
export function checkJsonLimits(body: unknown): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value !== "object" || value === null) continue;
    if (depth > JSON_MAX_DEPTH) {
      throw new ApiError("client.parameters.invalid_parameter_value", { key: "bodyTooDeep", most: JSON_MAX_DEPTH });
    }
    const children = Array.isArray(value) ? value : Object.values(value);
    if (Array.isArray(value) && value.length > JSON_MAX_ARRAY_LENGTH) {
      throw new ApiError("client.parameters.invalid_parameter_value", {
        key: "bodyArrayTooLong",
        most: JSON_MAX_ARRAY_LENGTH,
      });
    }
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
}
