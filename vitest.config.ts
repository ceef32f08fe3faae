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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
