/**
 * The `node:http` adapter of the reference service, and the command that serves it
 * (`npm start`, `npx field-service-rules`).
 * @packageDocumentation
 */
export { createHttpServer, MAX_BODY_BYTES, MAX_URL_BYTES, MAX_HEADER_BYTES } from "./http.js";
export { createDocsHandler, scalarBundlePath } from "./docs.js";
export type { DocsOptions } from "./docs.js";
export type { HttpServerOptions } from "./http.js";
export { runCli, startCli, parseCliArgs } from "./cli.js";
export { CLI_USAGE, MAX_FIXTURE_BYTES, DEFAULT_DATABASE_TIMEOUT_MS } from "./command.js";
export { loadFixtureFile, runFixtureCommand } from "./fixture-file.js";
export { parseCorsOrigins, corsAllows, corsHeaders, preflightHeaders, isPreflight, defaultCors, CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MAX_AGE_S } from "../api/cors.js";
export type { CorsOrigins } from "../api/cors.js";
export type { CliCommand, CliVersion, CliServe, RunningCli } from "./cli.js";
export type { CliHelp, CliUsageError, CliIo, CliOptions, StorageFactory, StorageSettings } from "./command.js";
export type { FixtureFileResult, FixtureFileLoaded, FixtureFileRefused } from "./fixture-file.js";
