/**
 * The baseline for `npm run bench`: a bare Fastify server (same fastify as Kasboek, no database,
 * no auth, no schemas) on 127.0.0.1:PORT. It serves every benchmarked method and path (rides and
 * sales invoices; the create-and-publish scenario is measured against bench/raw-server.ts instead,
 * but the route stays for comparison by hand) and answers each with a prebuilt JSON body of exactly the byte size last set for
 * that scenario key through `PUT /__bench/sizes` (GET → 200, POST → 201, the POST body is parsed
 * as JSON like Kasboek's). The keys and routes here match bench/scenarios.ts.
 * bench/run.ts runs this file as plain JavaScript (transpiled, no loader), so its memory is
 * Fastify's alone. Stops cleanly on SIGTERM/SIGINT.
 */
import Fastify from "fastify";

const SCENARIOS = ["invoiceShow", "invoiceList", "rideShow", "rideList", "rideCreate", "invoiceCreate"] as const;
type Scenario = (typeof SCENARIOS)[number];

/** A JSON object of exactly `bytes` ASCII bytes (at least 10: `{"pad":""}`). */
function paddedBody(bytes: number): string {
  const frame = '{"pad":""}';
  return `{"pad":"${"x".repeat(Math.max(0, bytes - frame.length))}"}`;
}

const bodies = new Map<Scenario, string>(SCENARIOS.map((scenario) => [scenario, paddedBody(10)]));

function bodyFor(scenario: Scenario): string {
  return bodies.get(scenario) ?? paddedBody(10);
}

const app = Fastify({ logger: false });

app.put("/__bench/sizes", async (request, reply) => {
  const sizes = request.body;
  if (typeof sizes !== "object" || sizes === null) return reply.code(400).send({ error: "object expected" });
  for (const [key, value] of Object.entries(sizes)) {
    const scenario = SCENARIOS.find((name) => name === key);
    if (scenario === undefined || typeof value !== "number" || !Number.isInteger(value) || value < 10) {
      return reply.code(400).send({ error: `bad size for ${key}` });
    }
    bodies.set(scenario, paddedBody(value));
  }
  return reply.code(204).send();
});

const ROUTES: ReadonlyArray<{ key: Scenario; method: "GET" | "POST"; url: string }> = [
  { key: "rideShow", method: "GET", url: "/api/v1/companies/:company_id/rides/:id" },
  { key: "rideList", method: "GET", url: "/api/v1/companies/:company_id/rides" },
  { key: "rideCreate", method: "POST", url: "/api/v1/companies/:company_id/rides" },
  { key: "invoiceShow", method: "GET", url: "/api/v1/companies/:company_id/sales_invoices/:id" },
  { key: "invoiceList", method: "GET", url: "/api/v1/companies/:company_id/sales_invoices" },
  { key: "invoiceCreate", method: "POST", url: "/api/v1/companies/:company_id/sales_invoices" },
];

for (const { key, method, url } of ROUTES) {
  const status = method === "POST" ? 201 : 200;
  app.route({
    method,
    url,
    handler: async (_request, reply) => reply.code(status).type("application/json; charset=utf-8").send(bodyFor(key)),
  });
}

const port = Number.parseInt(process.env.PORT ?? "", 10);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write("bare-server: PORT must be set to a positive integer\n");
  process.exit(1);
}

let closing = false;
const shutdown = async (): Promise<void> => {
  if (closing) return;
  closing = true;
  await app.close();
};
process.once("SIGINT", () => void shutdown());
process.once("SIGTERM", () => void shutdown());

await app.listen({ port, host: "127.0.0.1" });
