/**
 * GET /account/applications and POST /account/applications/:id/revoke: the applications the
 * signed-in user authorised, and withdrawing one. Invariants: every answer is an HTML page or a
 * 303; the POST checks its CSRF pair first, then the session; a user can revoke only their own
 * grants, and revoking ends every token of the grant at once.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { csrfToken, csrfValid } from "../../platform/pages/csrf.js";
import { formField } from "../../platform/pages/forms.js";
import { errorPage, redirectPage, sendPage } from "../../platform/pages/respond.js";
import { currentUser, loginUrl } from "../sessions/service.js";
import { grantableCompanies } from "./authorize-service.js";
import { listApplications, revokeApplication } from "./grant-service.js";
import { APPLICATIONS_PATH, applicationsPage } from "./pages.js";

const GRANT_ID_PATTERN = /^[1-9]\d{0,14}$/;

function refuseForgedForm(reply: FastifyReply): FastifyReply {
  return errorPage(
    reply,
    403,
    "The form could not be accepted",
    "The form was not sent from your applications page, or the page was open too long. Nothing has been changed. Please open the page again.",
  );
}

export function registerApplicationRoutes(scope: FastifyInstance, deps: ServiceDeps): void {
  scope.get(APPLICATIONS_PATH, async (request, reply) => {
    const user = await currentUser(deps, request);
    if (user === null) return redirectPage(reply, loginUrl(APPLICATIONS_PATH));
    const companies = await grantableCompanies(deps, user.userId);
    const query = request.query as Record<string, unknown> | undefined;
    const document = applicationsPage({
      email: user.email,
      csrfToken: csrfToken(request, reply),
      applications: await listApplications(deps, user.userId),
      companyNames: new Map(companies.map((company) => [company.id, company.name])),
      revoked: query?.revoked === "1",
    });
    return sendPage(reply, 200, document);
  });

  scope.post<{ Params: { id: string } }>(`${APPLICATIONS_PATH}/:id/revoke`, async (request, reply) => {
    if (!csrfValid(request, formField(request.body, "csrf_token"))) return refuseForgedForm(reply);
    const user = await currentUser(deps, request);
    if (user === null) return redirectPage(reply, loginUrl(APPLICATIONS_PATH));
    const id = request.params.id;
    const revoked = GRANT_ID_PATTERN.test(id) && (await revokeApplication(deps, user.userId, Number(id)));
    if (!revoked) {
      return errorPage(reply, 404, "No such application", "You have not authorised an application under that number.");
    }
    return redirectPage(reply, `${APPLICATIONS_PATH}?revoked=1`);
  });
}
