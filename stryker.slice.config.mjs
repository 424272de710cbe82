// Mutation testing of one slice against the tests that own it (docs/quality.md): the settings of
// stryker.config.mjs, but each mutant runs against the tests named by SLICE_TESTS only
// (vitest.slice.config.ts), so code that every test file touches at import (GUIDs, dates, issues
// of src/shared) does not make each of its "static" mutants run the whole suite.
//   STRYKER_SLICE=shared SLICE_TESTS='test/shared/**/*.test.ts' FC_SEED=20261123 \
//     npx stryker run stryker.slice.config.mjs --mutate 'src/shared/time.ts,...'
import base from "./stryker.config.mjs";

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  ...base,
  vitest: { configFile: "vitest.slice.config.ts" },
};
export default config;
