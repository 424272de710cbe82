/**
 * Test support for embedders: the demonstration fixture the README's walk-through and `npm
 * start` use, so an integrator's tests can start the stand-in in process with the same data.
 * @packageDocumentation
 */
export { demoFixture } from "./demo-fixture.js";
export { examples } from "./examples.js";
export type { ExampleWorld } from "./examples.js";
