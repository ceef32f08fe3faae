/**
 * The error envelope: every failure leaves the service as `{"error":{"type","message"}}` with
 * the status that belongs to its type (spec section 7). Code throws `ApiError`; the Fastify
 * error handler in `http.ts` is the only place that writes error responses.
 *
 * Invariants: `message` is English, composed where the error is found; an error may also carry
 * its parts (`details`) so that `messages.ts` can say the same thing in another language without
 * re-reading the English. Details never change the type, the status or the English message.
 */

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

/** One problem of one attribute: `invoice_lines[0].price_per_unit` + `can't be blank`. */
export interface AttributeProblem {
  attribute: string;
  problem: string;
}

/** The parts an English message was composed of, each still in English. */
export type ErrorDetails =
  | { kind: "invalid"; resource: string; problems: readonly AttributeProblem[] }
  | { kind: "not_found"; resource: string }
  | { kind: "parameter"; name: string; problem: string };

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  /** extra response headers, e.g. WWW-Authenticate */
  readonly headers: Record<string, string>;
  /** what the message was made of, for translation; absent when the message is all there is */
  readonly details: ErrorDetails | undefined;

  constructor(
    type: ErrorType,
    message: string,
    headers: Record<string, string> = {},
    status?: number,
    details?: ErrorDetails,
  ) {
    super(message);
    this.name = "ApiError";
    this.type = type;
    this.status = status ?? errorStatusByType[type];
    this.headers = headers;
    this.details = details;
  }
}

export interface ErrorBody {
  error: { type: ErrorType; message: string };
}

/** The envelope; `message` is the error's own (English) unless a translation is given. */
export function errorBody(error: ApiError, message: string = error.message): ErrorBody {
  return { error: { type: error.type, message } };
}

export function notFound(resourceName: string): ApiError {
  return new ApiError("client.not_found.resource", `${resourceName} not found`, {}, undefined, {
    kind: "not_found",
    resource: resourceName,
  });
}

export function invalidParameter(name: string, problem: string): ApiError {
  return new ApiError("client.parameters.invalid_parameter_value", `Parameter ${name} ${problem}`, {}, undefined, {
    kind: "parameter",
    name,
    problem,
  });
}

/**
 * Collects attribute problems so that one 422 names every invalid attribute at once.
 * Messages are keyed by attribute; several problems for one attribute are all kept.
 */
export class ValidationErrors {
  private readonly problems: Array<{ attribute: string; problem: string }> = [];

  add(attribute: string, problem: string): void {
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
  throwIfAny(resourceName: string): void {
    if (this.isEmpty) return;
    const listed = this.problems.map((entry) => `${entry.attribute} ${entry.problem}`).join("; ");
    throw new ApiError("client.parameters.validation", `${resourceName} is invalid: ${listed}`, {}, undefined, {
      kind: "invalid",
      resource: resourceName,
      problems: [...this.problems],
    });
  }
}
