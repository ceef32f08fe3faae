/**
 * One company's API as a test client: `send` any request, `read` expecting 200, `make` expecting
 * 201, and `customer` for a new contact to invoice. Test code only.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { json, request, type TestCompany } from "./app.js";

type Answer = Record<string, Record<string, unknown>>;

export function companyApi(app: FastifyInstance, own: TestCompany) {
  const url = (suffix: string) => `/api/v1/companies/${own.companyId}${suffix}`;
  const make = async <Body = Answer>(suffix: string, body: unknown): Promise<Body> => {
    const response = await request(app, "POST", url(suffix), own.token, body);
    expect(response.statusCode, `${suffix}: ${response.body}`).toBe(201);
    return json<Body>(response);
  };
  return {
    send: (method: "GET" | "POST" | "PATCH", suffix: string, body?: unknown) =>
      request(app, method, url(suffix), own.token, body),
    async read<Body = Answer>(suffix: string): Promise<Body> {
      const response = await request(app, "GET", url(suffix), own.token);
      expect(response.statusCode, `${suffix}: ${response.body}`).toBe(200);
      return json<Body>(response);
    },
    make,
    async customer(): Promise<number> {
      const made = await make<{ contact: { id: number } }>("/contacts", { contact: { company_name: "Klant BV" } });
      return made.contact.id;
    },
  };
}
