/**
 * Response serializers compiled when a route first answers, not when the server starts.
 * Fastify compiles a fast-json-stringify function for every route's response schemas at start:
 * 14 % of a cold start (measured with --cpu-prof), for some 200 routes of which a process may
 * serve a handful. The serializer is the same fast-json-stringify build from the same schema and
 * options, so every answer is byte for byte what eager compilation gave; it is built once, on
 * the first answer of its route and status, and then kept.
 *
 * A schema fast-json-stringify rejects now fails its route's first answer instead of the start;
 * the OpenAPI and fuzz tests answer every route, so such a schema still fails the suite.
 */
import { SerializerSelector } from "@fastify/fast-json-stringify-compiler";
import type { FastifyServerOptions } from "fastify";

type BuildSerializer = ReturnType<typeof SerializerSelector>;
const eager: BuildSerializer = SerializerSelector();

const lazy: BuildSerializer = (externalSchemas, options) => {
  const compile = eager(externalSchemas, options);
  return (route) => {
    let serialize: ((document: unknown) => string) | undefined;
    return (document) => {
      serialize ??= compile(route);
      return serialize(document);
    };
  };
};

export const LAZY_SERIALIZERS: NonNullable<FastifyServerOptions["schemaController"]> = {
  compilersFactory: { buildSerializer: lazy },
};
