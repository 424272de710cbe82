// Mutation testing of the store listing alone (issue 11, src/store/ and its index engine src/store-listing/): the same settings as
// stryker.config.mjs, but each mutant runs against the store tests only (vitest.store.config.ts),
// which keeps a slice affordable on 2 shared cores. Results: docs/quality.md, "The store listing".
// Run a slice: FC_SEED=20261123 npx stryker run stryker.store.config.mjs --mutate src/store/query.ts,...
import base from "./stryker.config.mjs";

// STRYKER_SLICE names the report folder, so two slices can run side by side.
const dir = `reports/mutation-store${process.env["STRYKER_SLICE"] ? `-${process.env["STRYKER_SLICE"]}` : ""}`;

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  ...base,
  mutate: ["src/store/**/*.ts", "!src/store/index.ts", "src/store-listing/**/*.ts", "!src/store-listing/index.ts"],
  vitest: { configFile: "vitest.store.config.ts" },
  jsonReporter: { fileName: `${dir}/mutation.json` },
  htmlReporter: { fileName: `${dir}/index.html` },
};
export default config;
