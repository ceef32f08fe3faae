/**
 * GET /account, POST /account/tokens and POST /account/tokens/:id/revoke: the signed-in user's
 * own page. Invariants: every answer is an HTML page or a 303 (own page scope); every POST
 * passes the scope's CSRF check first, then the session's; without a session the answer is a
 * 303 to the login page, which comes back here; a new token appears only in the body of the
 * response that created it (no redirect, no-store), never in a URL, log or cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { csrfToken } from "../../platform/pages/csrf.js";
import { formField } from "../../platform/pages/forms.js";
import { errorPage, pageLanguage, redirectPage, sendPage } from "../../platform/pages/respond.js";
import { usePages } from "../../platform/pages/scope.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { currentUser, loginUrl } from "../sessions/service.js";
import { type AccountView, accountErrorText, accountPage, scopeFieldName } from "./pages.js";
import { createPersonalToken, newTokenProblem, personalTokens, revokePersonalToken } from "./service.js";

const ACCOUNT_PATH = "/account";
const TOKEN_ID_PATTERN = /^[1-9]\d{0,14}$/;

function refuseForgedForm(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language = pageLanguage(request);
  return errorPage(reply, 403, language, accountErrorText(language, "forgedForm"));
}

async function showAccount(
  deps: ServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  user: { userId: number; email: string },
  extra: Pick<AccountView, "created" | "form">,
): Promise<FastifyReply> {
  const view: AccountView = {
    language: pageLanguage(request),
    email: user.email,
    csrfToken: csrfToken(request, reply),
    tokens: await personalTokens(deps, user.userId),
    ...extra,
  };
  return sendPage(reply, status, accountPage(view));
}

const EMPTY_FORM = { name: "", scopes: [], problem: null };
const FORM_POST = { config: { forgedFormPage: refuseForgedForm } };

export function registerAccountPageRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.register(async (scope) => {
    usePages(scope);

    scope.get(ACCOUNT_PATH, async (request, reply) => {
      const user = await currentUser(deps, request);
      if (user === null) return redirectPage(reply, loginUrl(ACCOUNT_PATH));
      return showAccount(deps, request, reply, 200, user, { created: null, form: EMPTY_FORM });
    });

    scope.post(`${ACCOUNT_PATH}/tokens`, FORM_POST, async (request, reply) => {
      const user = await currentUser(deps, request);
      if (user === null) return redirectPage(reply, loginUrl(ACCOUNT_PATH));
      const name = formField(request.body, "name").trim();
      const scopes = ALL_SCOPES.filter((scope) => formField(request.body, scopeFieldName(scope)) !== "");
      const problem = newTokenProblem(name, scopes);
      if (problem !== null) {
        return showAccount(deps, request, reply, 422, user, { created: null, form: { name, scopes, problem } });
      }
      const issued = await createPersonalToken(deps, user.userId, name, scopes);
      return showAccount(deps, request, reply, 201, user, {
        created: { name, token: issued.token },
        form: EMPTY_FORM,
      });
    });

    scope.post<{ Params: { id: string } }>(`${ACCOUNT_PATH}/tokens/:id/revoke`, FORM_POST, async (request, reply) => {
      const user = await currentUser(deps, request);
      if (user === null) return redirectPage(reply, loginUrl(ACCOUNT_PATH));
      const id = request.params.id;
      const revoked = TOKEN_ID_PATTERN.test(id) && (await revokePersonalToken(deps, user.userId, Number(id)));
      if (!revoked) {
        const language = pageLanguage(request);
        return errorPage(reply, 404, language, accountErrorText(language, "noSuchToken"));
      }
      return redirectPage(reply, ACCOUNT_PATH);
    });
  });
}
