/**
 * What makes an encapsulated plugin a scope of server-rendered pages. Invariants: in such a scope
 * every failure is an HTML page (respond.ts), form bodies are read (forms.ts), the key that signs
 * the pages' cookies is loaded before any route or hook of the scope reads or writes one
 * (cookies.ts), and every request but a GET or HEAD passes the CSRF check before its handler
 * runs (csrf.ts).
 */
import type { FastifyInstance } from "fastify";
import { refuseForgedForms } from "./csrf.js";
import { acceptForms } from "./forms.js";
import { usePageErrors } from "./respond.js";

export function usePages(scope: FastifyInstance): void {
  usePageErrors(scope);
  acceptForms(scope);
  scope.addHook("onRequest", async (request) => request.server.loadPageCookieKey());
  scope.addHook("preHandler", refuseForgedForms);
}
