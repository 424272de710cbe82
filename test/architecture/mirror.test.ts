import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./support.js";

// Issue 23, item 5: tests sit beside what they test. The unit tests of `src/<path>.ts` live in
// `test/<path>.test.ts` (docs/STYLE.md 11, "test/ mirrors src/"), so someone changing
// `src/stock/move.ts` finds `test/stock/move.test.ts` at once.
//
// Which source files need a mirrored test: every `.ts` file under src/ that has logic, that is,
// one top-level statement that is not an import, a re-export, a type (interface, type alias,
// `declare` brand) or a constant written as a literal (`["Open", "Completed"] as const`, an
// object of strings). Not needed: the entry files (`index.ts` in any folder, whatever they hold)
// and the files without logic, which the compiler checks whole and no test could run. A file
// with logic and no mirrored test must be listed in `ALLOWED` below, with where it is tested
// instead; the list may shrink, never grow silently. An entry ending in `/` covers a folder whose
// files are tested together (the model-based suite: a command is tested by running the suite).

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Source files with logic that have no `test/<path>.test.ts`, each with where it is tested
 * instead (or why it is not unit-tested). Paths relative to src/.
 */
const ALLOWED: Readonly<Record<string, string>> = {
  "auth/login-types.generated.ts": "generated from the login body's description in auth/login.ts (tools/body-types.ts): test/auth/login.test.ts and test/shared/json-schema.test.ts run its record maker through parseLoginRequest",
  "api/openapi-parameters.ts": "the query parameters and headers of the OpenAPI document (split from api/openapi.ts, issue 35): test/api/openapi.test.ts compares the whole document with docs/openapi.json and checks every parameter against its parser",
  "client/operations.generated.ts": "generated from the description of the operations, api/operations.ts (tools/operations.ts): test/client/client.test.ts calls every method through it, test/client/client.test-d.ts checks its types, test/api/operations.test.ts checks it against the description",
  "api/cors.ts": "CORS of the HTTP adapter: test/server/cors.test.ts (headers over fetch, COR-1..3) and test/server/cors-browser.test.ts (a page of another origin in Chromium)",
  "client/errors.ts": "the client's error classes: test/client/client.test.ts and abort.test.ts check what each failure throws",
  "client/session.ts": "the client's login, kept and renewed: test/client/client.test.ts (\"the token (AUTH-2, AUTH-3)\") and test/client/abort.test.ts (a shared login and its callers' signals)",
  "client/transport.ts": "sending, sending again and reading answers: test/client/retry.test.ts (CLT-1 to CLT-3), client.test.ts (refusals as typed errors) and abort.test.ts",
  "client/in-process.ts": "the fetch over a service in the same process: every test under test/client/ drives the client through it",
  "customer/context.ts": "orderedCatalog, the catalog order of CUS-5: test/customer/defaults.test.ts",
  "customer/request-types.generated.ts": "generated from the descriptions of customer/request.ts (tools/body-types.ts): test/customer/request.test.ts and test/shared/description.test.ts run its record makers through the parsers",
  "intervention/request-types.generated.ts": "generated from the body descriptions in intervention/request.ts (tools/body-types.ts): test/intervention/request.test.ts, test/shared/description.test.ts, test/intervention/cancel.test.ts and test/order/cancel.test.ts run its record makers through the parsers",
  "material/request-types.generated.ts": "generated from the description in material/request.ts (tools/body-types.ts): test/material/replace.test.ts runs its record maker through parseMaterialReplace",
  "material/request.ts": "parseMaterialReplace: test/material/replace.test.ts checks MAT-1..MAT-3 on the parse and the replace together",
  "order/request-types.generated.ts": "generated from the order body descriptions in order/request.ts (tools/body-types.ts): test/order/request.test.ts and test/shared/description.test.ts run its record makers through parseOrderAdd, parseOrderEdit and parseOrderAddOrEdit",
  "stock/request-types.generated.ts": "generated from the stock body descriptions in stock/request.ts (tools/body-types.ts): test/stock/request.test.ts and test/shared/json-schema.test.ts run its record makers through parseStockAmounts and parseStockQuantities",
  "store/replace-types.generated.ts": "generated from the description in store/replace.ts (tools/body-types.ts): test/store/replace.test.ts runs its record maker through parseStoreReplace",
  "postgres/seed.ts": "seeding an empty schema: every suite of test/postgres/ opens a storage on a fresh schema (test/postgres/schema.test.ts checks what it holds), when DATABASE_URL is set",
  "postgres/sql.ts": "the executor port, schema quoting, prepared names and row narrowing (split from store-listing.ts, issue 35): quoteSchema's @example (scripts/doctest.mjs), test/postgres/round-trips.test.ts and every PostgreSQL suite, when DATABASE_URL is set",
  "postgres/collation.ts": "the listing collation (split from store-listing.ts, issue 35): the @example of listingCollationName and listingIcuLocale (scripts/doctest.mjs), test/postgres/store-listing.test.ts (ensureCollation, STO-5 on the server) and store-listing-cache-order.test.ts, when DATABASE_URL is set",
  "postgres/listing-migrations.ts": "the listing tables' DDL and bulk-load indexes (split from store-listing.ts, issue 35): test/postgres/schema.test.ts and store-listing.test.ts, when DATABASE_URL is set",
  "postgres/stock.ts": "stock rows (split from store-listing.ts, issue 35): test/postgres/store-listing.test.ts, commit.test.ts and concurrency.test.ts (STK-6), when DATABASE_URL is set",
  "server/main.ts": "the `npm start` entry: test/server/process.test.ts and test/client/command.test.ts run it as a process",
  "service/context.ts": "defineOperation and pathOperation, which every handler is built with: test/service/router.test.ts and test/service/handlers/",
  "service/create.ts": "createFieldService, the service whole: test/service/model.test.ts, totality.test.ts, answers.test.ts and the handler tests",
  "service/fixture-read.ts": "the fixture's generic readers (split from fixture.ts, issue 35): test/service/fixture.test.ts (duplicates, references, broken lists) and test/service/fixture-schema.test.ts",
  "service/path-records.ts": "the records a path names (split from create.ts, issue 35): test/service/handlers/reads.test.ts and interventions.test.ts (GEN-2, INT-8), test/service/tenancy.test.ts (AUTH-4)",
  "service/routed.ts": "matching a request to its route (split from create.ts, issue 35): test/service/router.test.ts and totality.test.ts (404, 405, dry run)",
  "service/store-listings.ts": "the store listings kept beside the stock: test/service/handlers/stores.test.ts and test/service/model.test.ts",
  "service/memory.ts": "the in-memory storage every service test runs on; the same suites run on PostgreSQL (vitest.config.ts)",
  "service/openapi.ts": "the OpenAPI document with the demo's examples: test/api/openapi.test.ts and test/server/docs.test.ts",
  "service/read-shapes.ts": "the JSON answers of the reads: test/service/handlers/reads.test.ts and test/service/answers.test.ts",
  "service/storage.ts": "the storage's error classes: test/service/storage-errors.test.ts and test/postgres/unavailable.test.ts",
  "shared/description/compile.ts": "compileBody, recordsByKey and the object reader of the description language: test/shared/description.test.ts (every mode, issue order, paths, record makers) and the parsers' own tests",
  "shared/description/fields.ts": "the presences of a described field (GEN-5): test/shared/description.test.ts reads each in every mode and checks each in the JSON Schema",
  "shared/description/json-schema.ts": "describedJsonSchema: test/shared/description.test.ts (Ajv against the parser on drawn bodies) and test/shared/json-schema.test.ts (every body's schema)",
  "shared/description/leaves.ts": "the leaves of the description language: test/shared/description.test.ts (numbers, dates, root lists, map) and the readers of test/shared/read.test.ts",
  "shared/description/objects.ts": "object, extend, refuse and edit: test/shared/description.test.ts (refused keys, fields first, the edit of an object)",
  "shared/standard-schema.ts": "toStandardSchema and pathSegments: test/shared/json-schema.test.ts (\"Standard JSON Schema\"), on every parser's twin",
  "testing/arbitraries/catalog.ts": "near-valid bodies of login, material, store and stock: test/testing/arbitraries/near-valid.test.ts",
  "testing/arbitraries/customer.ts": "near-valid customer bodies: test/testing/arbitraries/near-valid.test.ts",
  "testing/arbitraries/intervention.ts": "near-valid intervention bodies: test/testing/arbitraries/near-valid.test.ts",
  "testing/arbitraries/order.ts": "near-valid order bodies: test/testing/arbitraries/near-valid.test.ts",
  "testing/arbitraries/stock.ts": "near-valid stock batches: test/testing/arbitraries/near-valid.test.ts",
  "testing/arbitraries/text.ts": "the text and decimal arbitraries the body arbitraries share: test/testing/arbitraries/near-valid.test.ts",
  "testing/arbitraries/records/": "records, contexts and fixtures drawn for the package's own unit tests (moved from test/arbitraries/, issue 35): every suite under test/ that imports them runs them",
  "testing/context.ts": "kitContext, the context the arbitraries draw from: near-valid.test.ts and test/shared/json-schema.test.ts",
  "testing/examples.ts": "a small company's typed records for the TSDoc examples: every @example run by scripts/doctest.mjs, and test/shared/time.test.ts",
  "testing/model/": "the model-based suite exported for users (state, one file per command, run): test/service/model.test.ts and test/postgres/model.test.ts run it whole, test/service/replay.test.ts and test/contract/prism.test.ts against other targets",
};

/** Whether an expression is a literal: a string, number, boolean or null, or an array or object of literals, `as const` or not. */
function isLiteral(e: ts.Expression): boolean {
  if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)) return isLiteral(e.expression);
  if (ts.isStringLiteral(e) || ts.isNumericLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return true;
  if (e.kind === ts.SyntaxKind.TrueKeyword || e.kind === ts.SyntaxKind.FalseKeyword || e.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPrefixUnaryExpression(e)) return e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand);
  if (ts.isArrayLiteralExpression(e)) return e.elements.every(isLiteral);
  if (ts.isObjectLiteralExpression(e)) return e.properties.every((p) => ts.isPropertyAssignment(p) && isLiteral(p.initializer));
  return false;
}

/** Whether a top-level statement is logic: anything but an import, a re-export, a type, an ambient declaration or a literal constant. */
function isLogic(statement: ts.Statement): boolean {
  if (ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement) || ts.isExportDeclaration(statement)) return false;
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return false;
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword) === true) return false;
  if (ts.isVariableStatement(statement) && (statement.declarationList.flags & ts.NodeFlags.Const) !== 0) {
    return !statement.declarationList.declarations.every((d) => d.initializer !== undefined && isLiteral(d.initializer));
  }
  return true;
}

/** Whether the source text has logic: some top-level statement that {@link isLogic} counts. */
function hasLogic(text: string): boolean {
  return ts.createSourceFile("file.ts", text, ts.ScriptTarget.Latest).statements.some(isLogic);
}

/** The source files (relative to src/, `/`-separated) that need a mirrored test: not `index.ts`, with logic. */
function filesNeedingTests(): string[] {
  const src = join(root, "src");
  return tsFiles(src)
    .map((file) => relative(src, file).split(sep).join("/"))
    .filter((path) => !path.endsWith("/index.ts") && path !== "index.ts")
    .filter((path) => hasLogic(readFileSync(join(src, path), "utf8")));
}

const mirrorOf = (path: string): string => join(root, "test", path.replace(/\.ts$/, ".test.ts"));

/** The allow-list entry that covers a source file: its own, else the entry of the folder it is in (or one above). */
function allowedEntry(path: string): string | undefined {
  if (Object.hasOwn(ALLOWED, path)) return path;
  return Object.keys(ALLOWED).find((entry) => entry.endsWith("/") && path.startsWith(entry));
}

describe("test/ mirrors src/ (issue 23, item 5)", () => {
  it("every source file with logic has its test file at the mirrored path, or an allow-list entry saying where it is tested", () => {
    const missing = filesNeedingTests().filter((path) => !existsSync(mirrorOf(path)));
    expect(missing.filter((path) => allowedEntry(path) === undefined)).toEqual([]);
  });

  it("the allow-list names only source files that still have logic and still lack a mirrored test", () => {
    const needing = new Set(filesNeedingTests());
    const lacking = [...needing].filter((path) => !existsSync(mirrorOf(path)));
    const stale = Object.keys(ALLOWED).filter((entry) => !lacking.some((path) => allowedEntry(path) === entry));
    expect(stale).toEqual([]);
    for (const [path, reason] of Object.entries(ALLOWED)) expect([path, reason.trim().length > 0]).toEqual([path, true]);
  });

  it("a file of types, brands and re-exports has no logic; a function, a constant or a statement is logic", () => {
    expect(hasLogic('import type { A } from "./a.js";\nexport type B = A;\nexport interface C { readonly d: B }\ndeclare const brand: unique symbol;\nexport { e } from "./e.js";')).toBe(false);
    expect(hasLogic("export function f(): number { return 1; }")).toBe(true);
    expect(hasLogic('export const states = ["Open", "Closed"] as const;\nexport const labels: Record<string, string> = { Open: "Otevřená", n: -1, on: true };')).toBe(false);
    expect(hasLogic("export const limit = 10 * 2;")).toBe(true);
    expect(hasLogic("export const table = { add: (a: number) => a };")).toBe(true);
    expect(hasLogic("let count = 0;")).toBe(true);
    expect(hasLogic("console.log(1);")).toBe(true);
  });
});
