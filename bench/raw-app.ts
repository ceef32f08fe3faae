/**
 * What the raw-driver baselines share (raw-server.ts, mixed-raw.ts): a bare Fastify app whose
 * answers are padded JSON bodies of Kasboek's byte sizes, set per key through PUT /__bench/sizes,
 * and whose first few failures go to stderr, which the harness keeps for its error messages.
 */
import Fastify, { type FastifyInstance } from "fastify";

const paddedBody = (bytes: number): string => `{"pad":"${"x".repeat(Math.max(0, bytes - 10))}"}`;

export interface RawApp {
  app: FastifyInstance;
  /** the answer sized for `key`, or a minimal one before it was sized */
  bodyOf: (key: string) => string;
}

export function rawApp(name: string): RawApp {
  const bodies = new Map<string, string>();
  const app = Fastify({ logger: false });
  let reported = 0;
  app.setErrorHandler(async (error, _request, reply) => {
    if (reported++ < 3) process.stderr.write(`${name}: ${error instanceof Error ? error.stack : String(error)}\n`);
    return reply.code(500).send({ error: error instanceof Error ? error.message : String(error) });
  });
  app.put("/__bench/sizes", async (request, reply) => {
    const sizes = Object.entries((request.body as Record<string, unknown> | null) ?? {});
    if (sizes.some(([, bytes]) => typeof bytes !== "number" || !Number.isInteger(bytes) || bytes < 10))
      return reply.code(400).send();
    for (const [key, bytes] of sizes) bodies.set(key, paddedBody(Number(bytes)));
    return reply.code(204).send();
  });
  return { app, bodyOf: (key) => bodies.get(key) ?? paddedBody(10) };
}
