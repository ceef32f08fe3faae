import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // the web app's name for the typed client (scripts/web-config.ts), for the tests of its modules
  resolve: {
    alias: { "@kasboek/client": fileURLToPath(new URL("./clients/typescript/src/index.ts", import.meta.url)) },
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    pool: "forks",
    // Test files mostly wait on the database, so one worker more than there are cores keeps them
    // busy (vitest's default is one fewer: a single worker on a two-core CI machine).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps its loaded modules from one test file to the next: loading the app afresh
    // for each of ~170 files cost a third of a run (SQLite 262 s → 182 s on the two-core CI
    // machine). Files keep no module state of their own; one that needs a fresh load resets it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
