// Loaded before every test file (vitest.config.ts `setupFiles`). With FC_SEED set (as
// `npm run mutate` does), every fast-check property runs under that seed, so two mutation runs
// see the same inputs and report the same survivors. Without it, each run draws new seeds.
import fc from "fast-check";

const seed = process.env["FC_SEED"];
if (seed !== undefined && seed !== "") fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });

// Services on PostgreSQL (FSR_STORAGE=postgres) hold pools and schemas: close the pools after
// each test, drop the schemas after each file.
// Imported inside the hooks, not at the top: this file loads before every test file, and a module
// of src/ that throws while loading (a broken default of src/shared) must fail the tests that
// load it, not this file, which fails the whole run before any test exists (a mutation run then
// counts no failed test).
import { afterAll, afterEach } from "vitest";

afterEach(async () => {
  const { closeServices } = await import("./service/support.js");
  await closeServices();
});
afterAll(async () => {
  const [{ takeSchemas }, { dropSchemas }] = await Promise.all([import("./service/support.js"), import("./postgres/support.js")]);
  await dropSchemas(takeSchemas());
});
