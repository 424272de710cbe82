import { defineConfig, type ViteUserConfig } from "vitest/config";

// Mutation runs of src/store/ and src/store-listing/ only (stryker.store.config.mjs): the store's own tests and the
// service's store endpoints. A measurement choice to keep a run affordable on 2 shared cores,
// not an exclusion: every src/store file is still mutated, and the full suite can only kill more.
const config: ViteUserConfig = defineConfig({
  test: {
    include: ["test/store/**/*.test.ts", "test/store-listing/**/*.test.ts", "test/service/handlers/stores.test.ts"],
    isolate: false,
    setupFiles: ["test/setup.ts"],
    testTimeout: 60_000,
    typecheck: { enabled: false },
  },
});
export default config;
