import { defineConfig, type ViteUserConfig } from "vitest/config";

// Mutation runs of one slice (stryker.slice.config.mjs): the tests named by SLICE_TESTS, a
// comma-separated list of globs (default: every test). A measurement choice to keep a slice
// affordable on 2 shared cores, not an exclusion: every file of the slice is still mutated,
// and the full suite (`npm run mutate`) can only kill more, so a slice's score is a lower bound.
const include = (process.env["SLICE_TESTS"] ?? "test/**/*.test.ts").split(",").map((g) => g.trim()).filter((g) => g !== "");

const config: ViteUserConfig = defineConfig({
  test: {
    include,
    exclude: ["test/site/**", "**/node_modules/**"],
    // SLICE_ISOLATE=1: a fresh module graph per test file and run. Slower, but code that runs
    // only at import (the route table, body schemas built once) is evaluated again with
    // Stryker's active mutant; with a shared graph such a "static" mutant is never switched on
    // and survives unseen (docs/quality.md, "Second round").
    isolate: process.env["SLICE_ISOLATE"] === "1",
    setupFiles: ["test/setup.ts"],
    testTimeout: 60_000,
    typecheck: { enabled: false },
  },
});
export default config;
