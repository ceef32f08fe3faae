/**
 * GET/POST /login and POST /logout. Invariants: every answer is an HTML page or a 303 (never the
 * API's JSON envelope: the routes live in their own page scope); every POST passes the scope's
 * CSRF check before anything else, and a refused login shows the form again; a blocked login is
 * refused before the password is looked at, and a wrong one says nothing about which of address
 * or password was wrong.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServiceDeps } from "../../platform/deps.js";
import { csrfToken } from "../../platform/pages/csrf.js";
import { formField } from "../../platform/pages/forms.js";
import { errorPage, pageLanguage, redirectPage, sendPage } from "../../platform/pages/respond.js";
import { usePages } from "../../platform/pages/scope.js";
import { type LoginProblem, loginPage, refusedLogoutText } from "./pages.js";
import { currentUser, endSession, logIn, safeReturnTo, startSession } from "./service.js";

function queryValue(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

function showLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  form: { returnTo: string; email: string; problem: LoginProblem | null },
): FastifyReply {
  const document = loginPage({ ...form, language: pageLanguage(request), csrfToken: csrfToken(request, reply) });
  return sendPage(reply, status, document);
}

function refuseForgedLogin(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const form = {
    returnTo: safeReturnTo(formField(request.body, "return_to")),
    email: formField(request.body, "email"),
  };
  return showLogin(request, reply, 403, { ...form, problem: "expired-form" });
}

function refuseForgedLogout(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const language = pageLanguage(request);
  return errorPage(reply, 403, language, refusedLogoutText(language));
}

export function registerSessionRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.register(async (scope) => {
    usePages(scope);

    scope.get("/login", async (request, reply) => {
      const returnTo = safeReturnTo(queryValue(request, "return_to"));
      if ((await currentUser(deps, request)) !== null) return redirectPage(reply, returnTo);
      return showLogin(request, reply, 200, { returnTo, email: "", problem: null });
    });

    scope.post("/login", { config: { forgedFormPage: refuseForgedLogin } }, async (request, reply) => {
      const returnTo = safeReturnTo(formField(request.body, "return_to"));
      const email = formField(request.body, "email");
      const outcome = await logIn(deps, {
        email,
        password: formField(request.body, "password"),
        clientAddress: request.ip,
      });
      if (outcome.kind === "blocked") {
        reply.header("retry-after", String(outcome.retryAfterSeconds));
        return showLogin(request, reply, 429, { returnTo, email, problem: "blocked" });
      }
      if (outcome.kind === "wrong") return showLogin(request, reply, 422, { returnTo, email, problem: "wrong" });
      await startSession(deps, reply, outcome.userId);
      return redirectPage(reply, returnTo);
    });

    scope.post("/logout", { config: { forgedFormPage: refuseForgedLogout } }, async (_request, reply) => {
      endSession(reply);
      return redirectPage(reply, "/login");
    });
  });
}
