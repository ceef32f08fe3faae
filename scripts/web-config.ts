/**
 * The one Vite configuration of the web app (web/), for the build (scripts/build.ts) and the dev
 * server (scripts/web-dev.ts). Invariants: the app lives under /app/ (its asset URLs start there);
 * every built file but index.html has its content hash in its name, so the server may cache them
 * for a year; nothing is inlined as a data: URL (the app's CSP allows images and scripts only from
 * this service); the typed client is the repository's own (clients/typescript), not a copy.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WEB_ROOT = path.join(ROOT, "web");

/** Where a running Kasboek is, for the dev server's proxy. */
const DEV_BACKEND = "http://127.0.0.1:3000";
/** What the dev server passes on to Kasboek: the API, OAuth, and the sign-in pages with their stylesheet. */
const PROXIED_PATHS = ["/api", "/oauth", "/.well-known", "/login", "/logout", "/account", "/assets"];

export function webConfig(outputDirectory?: string, backend: string = DEV_BACKEND): InlineConfig {
  return {
    configFile: false,
    root: WEB_ROOT,
    base: "/app/",
    plugins: [react()],
    resolve: { alias: { "@kasboek/client": path.join(ROOT, "clients", "typescript", "src", "index.ts") } },
    build: {
      ...(outputDirectory === undefined ? {} : { outDir: outputDirectory }),
      emptyOutDir: true,
      assetsDir: "assets",
      assetsInlineLimit: 0,
      target: "es2022",
      reportCompressedSize: true,
    },
    server: {
      host: "127.0.0.1",
      port: 5173,
      strictPort: true,
      proxy: Object.fromEntries(PROXIED_PATHS.map((prefix) => [prefix, { target: backend }])),
    },
    logLevel: "info",
  };
}
