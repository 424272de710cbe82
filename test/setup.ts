// Loaded before every test file (vitest.config.ts `setupFiles`). With FC_SEED set (as
// `npm run mutate` does), every fast-check property runs under that seed, so two mutation runs
// see the same inputs and report the same survivors. Without it, each run draws new seeds.
import fc from "fast-check";

const seed = process.env["FC_SEED"];
if (seed !== undefined && seed !== "") fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });

// Services on PostgreSQL (FSR_STORAGE=postgres) hold pools and schemas: close the pools after
// each test, drop the schemas after each file.
import { afterAll, afterEach } from "vitest";
import { closeServices, takeSchemas } from "./service/support.js";
import { dropSchemas } from "./postgres/support.js";

afterEach(() => closeServices());
afterAll(() => dropSchemas(takeSchemas()));
