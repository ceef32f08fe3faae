/**
 * The error envelope: every failure leaves the service as `{"error":{"type","message"}}` with
 * the status that belongs to its type. Code throws `ApiError`; the Fastify
 * error handler in `http.ts` is the only place that writes error responses.
 *
 * Invariants: an error carries its message as a catalogue key with parameters (`keyed`,
 * catalogue/keys.ts), never as prose; `message` is that key said in English (catalogue/en.ts),
 * the API's default language, and `messages.ts` says it in the reader's language. The type, the
 * status and the headers never depend on the language.
 */
import { en } from "./catalogue/en.js";
import type { AttributeProblem, Message, Problem, Resource } from "./catalogue/keys.js";
import { sayMessage } from "./catalogue/say.js";

export const errorStatusByType = {
  "client.parameters.invalid_parameter_value": 400,
  "client.parameters.unpermitted_parameters": 400,
  "client.parameters.missing_parameter": 400,
  "client.parameters.malformed_json": 400,
  "client.authentication.invalid_token": 401,
  "client.subscription_limit_reached": 402,
  "client.authorization.invalid_scope": 403,
  "client.authorization.access_denied": 403,
  "client.not_found.resource": 404,
  "client.not_found.endpoint": 404,
  "client.parameters.validation": 422,
  "client.quota_reached": 422,
  "client.rate_limit": 429,
  server: 500,
} as const;

export type ErrorType = keyof typeof errorStatusByType;

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  /** extra response headers, e.g. WWW-Authenticate */
  readonly headers: Record<string, string>;
  /** the message as its catalogue key and parameters, for saying it in the reader's language */
  readonly keyed: Message;

  constructor(type: ErrorType, message: Message, headers: Record<string, string> = {}, status?: number) {
    super(sayMessage(en, message));
    this.name = "ApiError";
    this.type = type;
    this.status = status ?? errorStatusByType[type];
    this.headers = headers;
    this.keyed = message;
  }
}

export interface ErrorBody {
  error: { type: ErrorType; message: string };
}

/** The envelope; `message` is the error's own (English) unless a translation is given. */
export function errorBody(error: ApiError, message: string = error.message): ErrorBody {
  return { error: { type: error.type, message } };
}

export function notFound(resource: Resource): ApiError {
  return new ApiError("client.not_found.resource", { key: "notFound", resource });
}

export function invalidParameter(name: string, problem: Problem): ApiError {
  return new ApiError("client.parameters.invalid_parameter_value", { key: "parameter", name, problem });
}

/** A 422 naming the problems of `resource` (each of an attribute, or of the whole resource). */
export function invalid(resource: Resource, problems: readonly AttributeProblem[]): ApiError {
  return new ApiError("client.parameters.validation", { key: "invalid", resource, problems });
}

/**
 * Collects attribute problems so that one 422 names every invalid attribute at once.
 * Messages are keyed by attribute; several problems for one attribute are all kept.
 */
export class ValidationErrors {
  private readonly problems: Array<{ attribute: string; problem: Problem }> = [];

  add(attribute: string, problem: Problem): void {
    this.problems.push({ attribute, problem });
  }

  has(attribute: string): boolean {
    return this.problems.some((entry) => entry.attribute === attribute);
  }

  /** Takes over another collection's problems, their attributes named under `prefix` (`contact.`). */
  absorb(other: ValidationErrors, prefix: string): void {
    for (const entry of other.problems) this.add(`${prefix}${entry.attribute}`, entry.problem);
  }

  get isEmpty(): boolean {
    return this.problems.length === 0;
  }

  /** Throws one 422 naming every problem, if there are any. */
  throwIfAny(resource: Resource): void {
    if (this.isEmpty) return;
    throw invalid(resource, [...this.problems]);
  }
}
