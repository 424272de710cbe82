/**
 * The `node:http` adapter of the reference service, and the command that serves it
 * (`npm start`, `npx field-service-rules`).
 * @packageDocumentation
 */
export { createHttpServer, MAX_BODY_BYTES, MAX_URL_BYTES, MAX_HEADER_BYTES } from "./http.js";
export { createDocsHandler, scalarBundlePath } from "./docs.js";
export type { DocsOptions } from "./docs.js";
export type { HttpServerOptions } from "./http.js";
export { runCli, startCli, parseCliArgs, loadFixtureFile, runFixtureCommand, CLI_USAGE, MAX_FIXTURE_BYTES, DEFAULT_DATABASE_TIMEOUT_MS } from "./cli.js";
export { parseCorsOrigins, corsAllows, corsHeaders, preflightHeaders, isPreflight, defaultCors, CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MAX_AGE_S } from "../api/cors.js";
export type { CorsOrigins } from "../api/cors.js";
export type {
  CliCommand, CliHelp, CliVersion, CliServe, CliUsageError, CliIo, CliOptions, RunningCli, FixtureFileResult, FixtureFileLoaded, FixtureFileRefused,
  StorageFactory, StorageSettings,
} from "./cli.js";
