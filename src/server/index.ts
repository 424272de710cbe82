/**
 * The `node:http` adapter of the reference service (`npm start`), and the demonstration
 * fixture it serves.
 * @packageDocumentation
 */
export { createHttpServer, MAX_BODY_BYTES } from "./http.js";
export type { HttpServerOptions } from "./http.js";
export { demoFixture } from "./demo-fixture.js";
