/**
 * GET /account/applications and POST /account/applications/:id/revoke: the applications the
 * signed-in user authorised, and withdrawing one. Invariants: every answer is an HTML page or a
 * 303; the POST passes the page scope's CSRF check first, then the session's; a user can revoke
 * only their own grants, and revoking ends every token of the grant at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { csrfToken } from "../../platform/pages/csrf.js";
import { errorPage, pageLanguage, redirectPage, sendPage } from "../../platform/pages/respond.js";
import { currentUser, loginUrl } from "../sessions/service.js";
import { grantableCompanies } from "./authorize-service.js";
import { listApplications, revokeApplication } from "./grant-service.js";
import { APPLICATIONS_PATH, applicationsPage, oauthErrorText } from "./pages.js";

const GRANT_ID_PATTERN = /^[1-9]\d{0,14}$/;

function refuseForgedForm(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language = pageLanguage(request);
  return errorPage(reply, 403, language, oauthErrorText(language, "forgedApplications"));
}

export function registerApplicationRoutes(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.get(APPLICATIONS_PATH, async (request, reply) => {
    const user = await currentUser(deps, request);
    if (user === null) return redirectPage(reply, loginUrl(APPLICATIONS_PATH));
    const companies = await grantableCompanies(deps, user.userId);
    const query = request.query as Record<string, unknown> | undefined;
    const document = applicationsPage({
      language: pageLanguage(request),
      email: user.email,
      csrfToken: csrfToken(request, reply),
      applications: await listApplications(deps, user.userId),
      companyNames: new Map(companies.map((company) => [company.id, company.name])),
      revoked: query?.revoked === "1",
    });
    return sendPage(reply, 200, document);
  });

  const formPost = { config: { forgedFormPage: refuseForgedForm } };
  scope.post<{ Params: { id: string } }>(`${APPLICATIONS_PATH}/:id/revoke`, formPost, async (request, reply) => {
    const user = await currentUser(deps, request);
    if (user === null) return redirectPage(reply, loginUrl(APPLICATIONS_PATH));
    const id = request.params.id;
    const revoked = GRANT_ID_PATTERN.test(id) && (await revokeApplication(deps, user.userId, Number(id)));
    if (!revoked) {
      const language = pageLanguage(request);
      return errorPage(reply, 404, language, oauthErrorText(language, "noSuchApplication"));
    }
    return redirectPage(reply, `${APPLICATIONS_PATH}?revoked=1`);
  });
}
