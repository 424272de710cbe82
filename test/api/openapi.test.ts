// The OpenAPI 3.1 document (issue 13): complete (every route in both ID forms, every status it
// can answer), current (docs/openapi.json is what the builder makes), and its examples are
// valid against its own schemas. `npm test` also lints the file (`npm run lint:openapi`).
import { Ajv2020 } from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { buildOpenApiDocument, documentedStatuses, openApiPath } from "../../src/api/openapi.js";
import { apiRoutes } from "../../src/api/routes.js";
import { openApiDocument } from "../../src/service/openapi.js";
import { issueCodes } from "../../src/shared/issue.js";
import { readRules } from "../../tools/rules-table.js";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
type Media = Record<string, { schema: { $ref: string }; example?: unknown }>;
type Operation = {
  operationId: string; tags: string[]; description: string; security?: unknown[];
  requestBody?: { required: boolean; content: Media };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown>; content?: Media }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { description?: string }>; responses: Record<string, { headers?: Record<string, unknown>; content: Media }> };
};
/** The paths the HTTP adapter serves itself, documented beside the API (src/server/docs.ts). */
const DOCUMENTATION_PATHS = ["/openapi.json", "/docs"];
// Built in each test (openApiDocument caches it per version), not at import: the examples are
// recorded by running the service over the demo scenario, and Stryker counts code run outside
// a test as "static", running the whole suite for each of its mutants.
let doc: Doc;
beforeEach(() => {
  doc = openApiDocument(pkg.version) as unknown as Doc;
});

describe("OpenAPI document", () => {
  it("ERR-1: docs/openapi.json is current (npm run docs regenerates it)", () => {
    const file: unknown = JSON.parse(readFileSync("docs/openapi.json", "utf8"));
    expect(file).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("GEN-2: every route of the table is documented in both ID forms, each with a unique operationId, a tag and its statuses", () => {
    const ids = new Set<string>();
    for (const r of apiRoutes) {
      const forms = r.path.includes("{") ? (["id", "externalId"] as const) : (["id"] as const);
      for (const form of forms) {
        const op = doc.paths[openApiPath(r.path, form)]?.[r.method.toLowerCase()];
        expect(op, `${r.method} ${r.path} ${form}`).toBeDefined();
        const o = op as Operation;
        expect(ids.has(o.operationId)).toBe(false);
        ids.add(o.operationId);
        expect(o.tags).toHaveLength(1);
        expect(Object.keys(o.responses).map(Number)).toEqual(documentedStatuses(r.operation));
        expect(o.description).toMatch(/[A-Z]{2,4}-\d+/);
      }
    }
    // The route table's operations, plus one GET for each documentation path.
    expect(ids.size + DOCUMENTATION_PATHS.length).toBe(Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  });

  it("AUTH-2: every operation needs the bearer token except the login and the documentation", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const open = path === "/auth/login" || DOCUMENTATION_PATHS.includes(path);
      for (const op of Object.values(item)) expect(op.security === undefined, op.operationId).toBe(!open);
    }
  });

  it("ERR-1: every example (request, answer, problem) is valid against the schema it illustrates", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(doc, "openapi");
    let checked = 0;
    const check = (schema: { $ref: string }, example: unknown, where: string): void => {
      expect(example, `${where}: an example`).toBeDefined();
      const validate = ajv.compile({ $ref: `openapi${schema.$ref}` });
      expect(validate(example), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked++;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      // The documentation paths answer the document and an HTML page: no example to record.
      if (DOCUMENTATION_PATHS.includes(path)) continue;
      for (const [method, op] of Object.entries(item)) {
        const body = op.requestBody?.content["application/json"];
        if (body !== undefined) check(body.schema, body.example, `${method} ${path} request`);
        for (const [status, r] of Object.entries(op.responses)) {
          const media = r.content?.["application/json"];
          if (media !== undefined) check(media.schema, media.example, `${method} ${path} ${status}`);
        }
      }
    }
    for (const [name, r] of Object.entries(doc.components.responses)) {
      const media = r.content["application/problem+json"];
      expect(media?.example, name).toBeDefined();
      check(media?.schema as { $ref: string }, media?.example, name);
    }
    // Every body and every answer with content has its example, plus the 11 problem bodies.
    expect(checked).toBeGreaterThan(70);
  });

  it("ERR-1, HTTP-1, HTTP-2: an issue declares its rule, one of the catalogs' IDs, required on every issue, an edge answer's included: one shape (issues 24, 38)", () => {
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, { enum?: unknown[] }>; required: string[]; additionalProperties?: boolean }>;
    const issue = schemas["Issue"]!;
    expect(schemas).not.toHaveProperty("EdgeIssue");
    expect(issue.properties["rule"]?.enum).toEqual(readRules().map((r) => r.id));
    expect(issue.required).toEqual(["code", "path", "message", "rule"]);
    expect(issue.properties["code"]?.enum).toEqual(Object.keys(issueCodes));
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(doc, "openapi");
    const problem = ajv.compile({ $ref: "openapi#/components/schemas/Problem" });
    const body = (errors: unknown[]) => ({ type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest", errors });
    expect(problem(body([{ code: "Required", path: "day", message: "day is required.", rule: "ERR-2" }]))).toBe(true);
    expect(problem(body([{ code: "Required", path: "day", message: "day is required." }]))).toBe(false);
    expect(problem(body([{ code: "Required", path: "day", message: "day is required.", rule: "ERR-99" }]))).toBe(false);
    expect(problem(body([{ code: "PayloadTooLarge", path: "", message: "Too large.", rule: "HTTP-1" }]))).toBe(true);
    expect(problem(body([{ code: "PayloadTooLarge", path: "", message: "Too large." }]))).toBe(false);
  });

  it("ERR-1: no jsonSchemaDialect: the 3.1 base dialect is the default, and Prism 5 validates no body at all when one is declared", () => {
    expect(doc).not.toHaveProperty("jsonSchemaDialect");
    expect((doc as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("INT-7 ORD-13 ERR-3: the moves that read no fields take an optional body, an object whose fields are ignored; nothing else", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(doc, "openapi");
    const emptyBody = ajv.compile({ $ref: "openapi#/components/schemas/EmptyBody" });
    for (const body of [{}, { note: "ignored" }]) expect(emptyBody(body), JSON.stringify(body)).toBe(true);
    for (const body of [[], null, 0, "x", true]) expect(emptyBody(body), JSON.stringify(body)).toBe(false);
    const noFields = ["startDeparture", "start", "requestSignature", "complete", "completeOrder"];
    for (const r of apiRoutes.filter((route) => noFields.includes(route.operation))) {
      for (const form of ["id", "externalId"] as const) {
        const op = doc.paths[openApiPath(r.path, form)]?.[r.method.toLowerCase()] as Operation;
        expect(op.requestBody?.required, op.operationId).toBe(false);
        expect(op.requestBody?.content["application/json"]?.schema.$ref).toBe("#/components/schemas/EmptyBody");
        expect(op.description).toContain("No body, or an object whose fields are ignored (ERR-3).");
      }
    }
    // Every other operation without a body schema is a read.
    for (const r of apiRoutes.filter((route) => !noFields.includes(route.operation))) {
      const op = doc.paths[openApiPath(r.path, "id")]?.[r.method.toLowerCase()] as Operation;
      expect(op.requestBody?.content["application/json"]?.schema.$ref === "#/components/schemas/EmptyBody", op.operationId).toBe(false);
      expect(op.requestBody === undefined, op.operationId).toBe(r.method === "GET");
    }
  });

  it("STK-6: the stock body says a material listed twice is applied twice, as the rule and the service do", () => {
    for (const name of ["StockAmounts", "StockQuantities"]) {
      const description = doc.components.schemas[name]?.description ?? "";
      expect(description, name).toContain("a material listed twice is applied twice (STK-6)");
      expect(description, name).not.toMatch(/at most once|unique/i);
      expect(doc.components.schemas[name]).not.toHaveProperty("uniqueItems");
    }
  });

  it("ERR-2: every API operation may answer 503 ServiceUnavailable with Retry-After: each one reads the storage", () => {
    for (const r of apiRoutes) {
      for (const form of r.path.includes("{") ? (["id", "externalId"] as const) : (["id"] as const)) {
        const op = doc.paths[openApiPath(r.path, form)]?.[r.method.toLowerCase()] as Operation;
        expect(op.responses["503"], op.operationId).toEqual({ $ref: "#/components/responses/ServiceUnavailable" });
      }
    }
    const unavailable = doc.components.responses["ServiceUnavailable"];
    expect(Object.keys(unavailable?.headers ?? {})).toEqual(["Retry-After"]);
    expect(unavailable?.content["application/problem+json"]?.example).toMatchObject({ status: 503, name: "ServiceUnavailable", errors: [{ code: "Unavailable" }] });
  });

  it("ERR-1 ERR-2: the paths the server serves itself are documented: GET only (405 otherwise), no token, ETag and Cache-Control, 304 on If-None-Match", () => {
    const json = doc.paths["/openapi.json"];
    const page = doc.paths["/docs"];
    expect(Object.keys(json ?? {})).toEqual(["get"]);
    expect(Object.keys(page ?? {})).toEqual(["get"]);
    expect(Object.keys(json?.["get"]?.responses["200"]?.content ?? {})).toEqual(["application/json"]);
    expect(Object.keys(page?.["get"]?.responses["200"]?.content ?? {})).toEqual(["text/html"]);
    for (const op of [json?.["get"], page?.["get"]]) {
      // No 503: these paths read no storage.
      expect(Object.keys(op?.responses ?? {})).toEqual(["200", "304", "405"]);
      expect(op?.security).toEqual([]);
      expect(op?.tags).toEqual(["Documentation"]);
      expect(Object.keys(op?.responses["200"]?.headers ?? {})).toEqual(["ETag", "Cache-Control"]);
      expect(Object.keys(op?.responses["304"]?.headers ?? {})).toEqual(["ETag", "Cache-Control"]);
      expect(op?.responses["304"]?.content).toBeUndefined();
      expect(op?.responses["405"]).toEqual({ $ref: "#/components/responses/MethodNotAllowed" });
      expect((op as unknown as { parameters: { name: string; in: string }[] }).parameters).toEqual([expect.objectContaining({ name: "If-None-Match", in: "header" })]);
    }
  });

  it("GEN-2: the builder is pure: the same options give the same document", () => {
    expect(buildOpenApiDocument({ version: "1.2.3" })).toEqual(buildOpenApiDocument({ version: "1.2.3" }));
  });
});
