import { defineConfig, type ViteUserConfig } from "vitest/config";

// The service suite runs on both storages: in memory always, and on PostgreSQL whenever
// DATABASE_URL names a server (`scripts/with-postgres.sh npm test` starts a throwaway one;
// CI always does). Without it, say so plainly rather than pass quietly.
const databaseUrl = process.env["DATABASE_URL"];
const onPostgres = databaseUrl !== undefined && databaseUrl !== "";
if (!onPostgres && process.env["VITEST_WORKER_ID"] === undefined) {
  console.warn(
    "\n[field-service-rules] PostgreSQL suite SKIPPED: DATABASE_URL is not set. The service tests ran in memory only.\n" +
      "  Run them on PostgreSQL too with: scripts/with-postgres.sh npm test   (or DATABASE_URL=postgres://... npm test)\n",
  );
}

const shared = {
  // The library holds no global state; sharing one module graph saves ~2 s per file.
  isolate: false,
  setupFiles: ["test/setup.ts"],
  // Lists the OpenAPI route/status pairs no test answer exercised (test/contract).
  globalSetup: ["test/contract/global-setup.ts"],
  // Property and model-based tests run thousands of cases; on 2 shared cores a few take
  // seconds. A generous per-test limit keeps a busy machine from failing them spuriously.
  testTimeout: 60_000,
  typecheck: { enabled: false },
};

const config: ViteUserConfig = defineConfig({
  test: {
    ...shared,
    benchmark: { include: ["test/bench/**/*.bench.ts"] },
    projects: [
      { extends: true as const, test: { name: "memory", include: ["test/**/*.test.ts"], exclude: ["test/site/**", "**/node_modules/**"] } },
      ...(onPostgres
        ? [{ extends: true as const, test: { name: "postgres", include: ["test/service/**/*.test.ts", "test/api/**/*.test.ts"], env: { FSR_STORAGE: "postgres" } } }]
        : []),
    ],
  },
});
export default config;
