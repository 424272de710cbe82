// Mutation testing of the rule modules (`npm run mutate`, not part of CI: well over an hour on 2
// cores with the whole suite; docs/quality.md measures it in slices, see stryker.slice.config.mjs).
// Every domain folder and src/shared are mutated, the store listing included; the composition
// layers (service, server, testing, client, postgres), the OpenAPI builder and the barrels are not rules.
// fast-check runs under a fixed seed (FC_SEED, read by test/setup.ts) so two runs report the
// same survivors. Equivalent mutants are disabled in place with
// `// Stryker disable next-line <mutator>: <why it cannot change behaviour>`; see docs/quality.md.
// STRYKER_SLICE names the report folder (reports/mutation-<slice>/), so two runs can go side by side.
const dir = `reports/mutation${process.env["STRYKER_SLICE"] ? `-${process.env["STRYKER_SLICE"]}` : ""}`;

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  coverageAnalysis: "perTest",
  concurrency: 2,
  mutate: [
    "src/**/*.ts",
    "!src/**/index.ts",
    "!src/service/**",
    "!src/server/**",
    "!src/testing/**",
    "!src/client/**",
    "!src/postgres/**",
    // The OpenAPI document builder: documentation, compared whole with docs/openapi.json by
    // test/api/openapi.test.ts (docs/decisions.md, "Mutation testing").
    "!src/api/openapi.ts",
  ],
  vitest: { configFile: "vitest.config.ts" },
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `${dir}/index.html` },
  jsonReporter: { fileName: `${dir}/mutation.json` },
  // The generated site and earlier reports are not inputs of any test: not copied to the sandbox.
  ignorePatterns: ["docs/site", "reports"],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  timeoutMS: 20000,
};
export default config;
