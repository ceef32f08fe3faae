/**
 * The baseline for `npm run bench`: a bare Fastify server (same fastify as Kasboek, no database,
 * no auth, no schemas) on 127.0.0.1:PORT. It serves the three benchmarked rides paths and answers
 * each with a prebuilt JSON body of exactly the byte size last set for that scenario through
 * `PUT /__bench/sizes` (GET → 200, POST → 201, the POST body is parsed as JSON like Kasboek's).
 * bench/run.ts runs this file as plain JavaScript (transpiled, no loader), so its memory is
 * Fastify's alone. Stops cleanly on SIGTERM/SIGINT.
 */
import Fastify from "fastify";

type Scenario = "show" | "list" | "create";
const SCENARIOS: readonly Scenario[] = ["show", "list", "create"];

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

app.get("/api/v1/companies/:company_id/rides/:id", async (_request, reply) =>
  reply.type("application/json; charset=utf-8").send(bodyFor("show")),
);

app.get("/api/v1/companies/:company_id/rides", async (_request, reply) =>
  reply.type("application/json; charset=utf-8").send(bodyFor("list")),
);

app.post("/api/v1/companies/:company_id/rides", async (_request, reply) =>
  reply.code(201).type("application/json; charset=utf-8").send(bodyFor("create")),
);

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
