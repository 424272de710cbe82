import { defineConfig, type ViteUserConfig } from "vitest/config";

const config: ViteUserConfig = defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The browser test of the API site needs the built site: `npm run docs:check` builds it and
    // then runs that test with vitest.site.config.ts.
    exclude: ["test/site/**", "**/node_modules/**"],
    // The library holds no global state; sharing one module graph saves ~2 s per file.
    isolate: false,
    setupFiles: ["test/setup.ts"],
    // Lists the OpenAPI route/status pairs no test answer exercised (test/contract).
    globalSetup: ["test/contract/global-setup.ts"],
    // Property and model-based tests run thousands of cases; on 2 shared cores a few take
    // seconds. A generous per-test limit keeps a busy machine from failing them spuriously.
    testTimeout: 60_000,
    typecheck: { enabled: false },
    benchmark: { include: ["test/bench/**/*.bench.ts"] },
  },
});
export default config;
