/**
 * Response serializers are compiled when their route first answers: a start does not pay for the
 * routes it never serves, and what a route answers is what fast-json-stringify makes of its schema.
 */
import { describe, expect, it } from "vitest";
import { createHttpServer } from "./http.js";

const INVOICE = {
  type: "object",
  properties: { id: { type: "integer" }, total: { type: "string" }, paid: { type: "boolean" } },
};

describe("response serializers", () => {
  it("are not compiled at start: a route no request reaches costs nothing, even a schema that cannot compile", async () => {
    const app = createHttpServer({ logger: false });
    app.get("/never", { schema: { response: { 200: { $ref: "#/definitions/missing" } } } }, async () => ({}));
    app.get("/invoice", { schema: { response: { 200: INVOICE } } }, async () => ({ id: 7, total: "12.10" }));
    await app.ready();
    const answer = await app.inject({ method: "GET", url: "/invoice" });
    expect(answer.statusCode).toBe(200);
    // the first answer compiled the route's serializer
    expect(answer.body).toBe('{"id":7,"total":"12.10"}');
    await app.close();
  });

  it("answer from the route's schema: its field order, its types, nothing it does not name", async () => {
    const app = createHttpServer({ logger: false });
    app.get("/invoice", { schema: { response: { 200: INVOICE } } }, async () => ({
      paid: 1,
      secret: "not in the schema",
      total: "12.10",
      id: "7",
    }));
    for (let request = 0; request < 2; request++) {
      const answer = await app.inject({ method: "GET", url: "/invoice" });
      expect(answer.body).toBe('{"id":7,"total":"12.10","paid":true}');
    }
    await app.close();
  });
});
