/**
 * The errors of the OAuth endpoints (RFC 6749 sections 4.1.2.1 and 5.2, also used by RFC 7009).
 * Invariants: an error has one of the registered codes, its status is the one RFC 6749 gives it
 * (401 only for a failed client authentication), and its description is plain ASCII without
 * quotes or backslashes, so it is safe in a JSON body, a query string and a header alike.
 */

export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  // authorization endpoint only: these travel in the redirect, never as a status
  unsupported_response_type: 400,
  access_denied: 400,
  // too many failed client authentications (with Retry-After): RFC 6749 names no code for it,
  // this one says "try again later" in its words; 429 as the login throttle answers
  temporarily_unavailable: 429,
  server_error: 500,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

const MAX_DESCRIPTION_LENGTH = 300;

/**
 * A description as RFC 6749 allows it (printable ASCII without `"` and `\`), however much of
 * it came from the request (an unknown scope name, say), and not too long.
 */
export function plainDescription(text: string): string {
  return text.replace(/[^\x20-\x7e]|["\\]/g, "").slice(0, MAX_DESCRIPTION_LENGTH);
}

export class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  readonly status: number;
  /** e.g. WWW-Authenticate after a failed HTTP Basic client authentication */
  readonly headers: Record<string, string>;

  constructor(code: OAuthErrorCode, description: string, headers: Record<string, string> = {}) {
    super(plainDescription(description));
    this.name = "OAuthError";
    this.code = code;
    this.status = OAUTH_ERROR_STATUS[code];
    this.headers = headers;
  }

  /** The JSON body: `{error, error_description}`, in the reference's order. */
  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.message };
  }
}
