/**
 * HTML form bodies (`application/x-www-form-urlencoded`) for the routes outside the API: the
 * pages and the OAuth endpoints. Invariants: the API is untouched — on an /api/ route, and on a
 * path no route matches, a form body is refused exactly as the catch-all parser of
 * `platform/http.ts` refuses any non-JSON body (400, or nothing when the body is empty); a form
 * is at most 16 KiB; a parsed form is a plain record whose first value of each name wins and
 * whose names can never reach Object.prototype; a form with a NUL character anywhere is refused
 * with a 400 (PostgreSQL cannot store one, and no form field has a use for it).
 */
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { ApiError } from "../errors.js";

export const FORM_BODY_LIMIT_BYTES = 16 * 1024;

/** An API route, or no route at all (the 404 handler, which keeps its API answer). */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === undefined || route.startsWith("/api/");
}

function parseForm(text: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/** Installs the form parser on `app` (and so every scope registered inside it). */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (isApiRequest(request)) {
      if (text.trim() === "") return done(null, undefined);
      return done(
        new ApiError("client.parameters.invalid_parameter_value", { key: "bodyNotJsonContentType" }),
        undefined,
      );
    }
    // Checked here rather than as the parser's bodyLimit, which would change the API's answer
    // to a large form body from 400 to 413.
    if (Buffer.byteLength(text) > FORM_BODY_LIMIT_BYTES)
      return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    const fields = parseForm(text);
    if (Object.entries(fields).some(([name, value]) => `${name}${value}`.includes("\u0000"))) {
      return done(new ApiError("client.parameters.invalid_parameter_value", { key: "formFieldNul" }), undefined);
    }
    done(null, fields);
  });
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
