/**
 * Authentication and authorization of API requests (docs/architecture.md, step 4 of a request).
 * Each route declares its access once, in its Fastify `config`, with `access(...)`; one `onRequest`
 * hook enforces it before the body is read. The hook is given two lookups by `app.ts` (the tokens
 * and companies services), so the platform never touches a module's tables. A token restricted to
 * some companies (an OAuth access token: the companies its grant covers) is denied every other
 * company exactly as a non-member is; an unrestricted (personal) token reaches every company of
 * its user.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { en } from "./catalogue/en.js";
import type { Message } from "./catalogue/keys.js";
import { sayMessage } from "./catalogue/say.js";
import { ApiError } from "./errors.js";
import type { Scope } from "./scopes.js";

export interface RouteAccess {
  scope: Scope;
  /** the path parameter holding the company id, when the route is inside a company */
  companyParam?: "company_id" | "id";
}

export function access(scope: Scope, companyParam?: RouteAccess["companyParam"]): { access: RouteAccess } {
  return { access: companyParam ? { scope, companyParam } : { scope } };
}

export interface AuthenticatedToken {
  tokenId: number;
  userId: number;
  scopes: Scope[];
  /** the only companies this token may be used on; absent: every company of its user */
  companyIds?: readonly number[];
  /** when the token stops working (ISO date-time); absent: never by itself */
  expiresAt?: string;
}

export interface CompanyAccess {
  companyId: number;
  timeZone: string;
  isMember: boolean;
  isOwner: boolean;
  apiAccessible: boolean;
  allowedScopes: Scope[];
  /**
   * whether the company's plan limits any kind of new row; false spares a create the read of
   * its plan (plans/service.ts). Like the rest, at most a second old (access-cache.ts).
   */
  planLimited: boolean;
}

/**
 * The two lookups of every API request; each answers at once (the access cache's memory) or
 * with a promise (the database), so a remembered answer costs a request no promise.
 */
export interface AccessLookups {
  /** resolves a presented bearer token; an ApiError 401 when it is unknown, revoked or expired */
  authenticateToken: (token: string) => Promise<AuthenticatedToken>;
  /** the caller's standing in a company, or null when the company does not exist */
  companyAccess: (companyId: number, userId: number) => Promise<CompanyAccess | null>;
}

export interface RequestContext {
  token: AuthenticatedToken;
  /** set on company routes once access is granted */
  company: CompanyAccess | null;
}

declare module "fastify" {
  interface FastifyRequest {
    context: RequestContext | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** an /api/v1 route anyone may read without a token (the API's own description) */
    unauthenticated?: true;
  }
}

const REALM = "Kasboek";

/** A 401 whose WWW-Authenticate describes the problem in English, whatever the reader's language. */
export function invalidToken(description: Message): ApiError {
  const escaped = sayMessage(en, description).replace(/["\\]/g, "");
  return new ApiError("client.authentication.invalid_token", description, {
    "www-authenticate": `Bearer realm="${REALM}", error="invalid_token", error_description="${escaped}"`,
  });
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "") throw invalidToken({ key: "noToken" });
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw invalidToken({ key: "notBearer" });
  return match[1];
}

function accessDenied(): ApiError {
  return new ApiError("client.authorization.access_denied", { key: "accessDenied" });
}

function parseCompanyId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export function requireContext(request: FastifyRequest): RequestContext {
  if (request.context === null) throw new Error("route has no access declaration");
  return request.context;
}

/** The company of a company route; the access hook has already checked it. */
export function requireCompany(request: FastifyRequest): CompanyAccess {
  const company = requireContext(request).company;
  if (company === null) throw new Error("route is not a company route");
  return company;
}

/** The scope must be on the token and, for a company request, allowed by the company. */
function checkScope(token: AuthenticatedToken, company: CompanyAccess | null, scope: Scope): void {
  if (!token.scopes.includes(scope)) {
    throw new ApiError("client.authorization.invalid_scope", { key: "scopeLacking", scope });
  }
  if (company !== null && !company.allowedScopes.includes(scope)) {
    throw new ApiError("client.authorization.invalid_scope", { key: "scopeNotAllowed", scope });
  }
}

/**
 * A second scope some requests need on top of their route's (nested payments in a sales invoice
 * need manage:payments), checked exactly as the route's own scope.
 */
export function requireAdditionalScope(request: FastifyRequest, scope: Scope): void {
  const context = requireContext(request);
  checkScope(context.token, context.company, scope);
}

export function registerAccessControl(app: FastifyInstance, lookups: AccessLookups): void {
  app.decorateRequest("context", null);

  app.addHook("onRoute", (route) => {
    const url = route.url ?? "";
    if (url.startsWith("/api/v1") && route.config?.access === undefined && route.config?.unauthenticated !== true) {
      throw new Error(`API route ${route.method} ${url} declares no access scope`);
    }
  });

  app.addHook("onRequest", async (request) => {
    const declared = request.routeOptions.config.access;
    if (declared !== undefined) await authorize(request, declared, lookups);
  });
}

/** Sets `request.context` when the request may use its route; throws when not. */
async function authorize(request: FastifyRequest, declared: RouteAccess, lookups: AccessLookups): Promise<void> {
  const token = await lookups.authenticateToken(bearerToken(request));
  checkScope(token, null, declared.scope);
  if (declared.companyParam === undefined) {
    request.context = { token, company: null };
    return;
  }
  const companyId = parseCompanyId((request.params as Record<string, unknown>)[declared.companyParam]);
  if (companyId === null) throw accessDenied();
  const company = await lookups.companyAccess(companyId, token.userId);
  if (company === null || !company.isMember || !company.apiAccessible) throw accessDenied();
  if (token.companyIds !== undefined && !token.companyIds.includes(company.companyId)) throw accessDenied();
  checkScope(token, company, declared.scope);
  request.context = { token, company };
}
