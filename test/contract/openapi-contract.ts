// The contract check: every answer a test receives from the service must match the response the
// OpenAPI document (docs/openapi.json, built by src/api/openapi.ts) declares for its route and
// status, and every request body the service accepted (2xx) must be one the document declares
// for that operation (what Prism's request validation would say of it, docs/decisions.md). `testService` (test/service/support.ts) runs it on every `handle`, so every end-to-end
// test is also a contract test. Each (operation, form, status) seen is recorded, and the global
// teardown (test/contract/global-setup.ts) lists the documented pairs no test exercised.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApiDocument, documentedStatuses, openApiPath } from "../../src/api/openapi.js";
import type { OperationId } from "../../src/api/operations.generated.js";
import { apiRoutes, compileRoutes, createRouter, matchRoute, splitTarget } from "../../src/api/routes.js";
import type { ServiceRequest, ServiceResponse } from "../../src/service/entry-point.js";
import { issueRuleProblems } from "./issue-rules.js";

/** Where each worker appends the pairs it saw; read by the global teardown. */
export const CONTRACT_DIR: string = join(process.cwd(), "reports", "openapi-contract");

type Media = Record<string, { schema: { $ref?: string } }>;
type Doc = {
  paths: Record<string, Record<string, {
    requestBody?: { required: boolean; content: Media };
    responses: Record<string, { $ref?: string; content?: Media }>;
  }>>;
  components: { responses: Record<string, { content: Media }> };
};

const doc = buildOpenApiDocument({ version: "contract" }) as unknown as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc, "openapi");
const validators = new Map<string, ValidateFunction>();
/** A validator of a schema of the document, by its JSON pointer (`#/components/schemas/Order`). */
function validatorOf(ref: string): ValidateFunction {
  let v = validators.get(ref);
  if (v === undefined) {
    v = ajv.compile({ $ref: `openapi${ref}` });
    validators.set(ref, v);
  }
  return v;
}
const pointer = (...parts: string[]): string => `#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

const router = createRouter(compileRoutes(apiRoutes));
const seen = new Set<string>();

function record(key: string): void {
  if (seen.has(key)) return;
  seen.add(key);
  mkdirSync(CONTRACT_DIR, { recursive: true });
  appendFileSync(join(CONTRACT_DIR, `${process.pid}.txt`), `${key}\n`);
}

/**
 * The documented response of a status on an operation: the JSON pointer of its JSON body's
 * schema, or none for a body-less answer (or one that is not JSON, such as the HTML page).
 */
function documented(method: string, path: string, status: number): { found: boolean; schema?: string } {
  const m = method.toLowerCase();
  const response = doc.paths[path]?.[m]?.responses[String(status)];
  if (response === undefined) return { found: false };
  const name = response.$ref?.split("/").pop();
  const content = name === undefined ? response.content : doc.components.responses[name]?.content;
  if (content === undefined) return { found: true };
  const type = ["application/json", "application/problem+json"].find((t) => content[t] !== undefined);
  if (type === undefined) return { found: true };
  const schema = (content[type] as { schema: { $ref?: string } }).schema;
  return { found: true, schema: schema.$ref ?? (name === undefined ? pointer("paths", path, m, "responses", String(status), "content", type, "schema") : pointer("components", "responses", name, "content", type, "schema")) };
}

/**
 * What is wrong with an answer, measured against the document: an undocumented status, a body
 * where none is documented, or a JSON body its schema refuses. For any documented path,
 * including the ones the HTTP adapter serves itself (`/openapi.json`, `/docs`).
 * @param path - the OpenAPI path (`/order/{orderId}`, `/openapi.json`)
 * @param method - the method, any case
 * @param status - the status answered
 * @param body - the parsed JSON body, `undefined` for none
 * @returns one message per problem; empty when the answer matches
 */
export function answerViolations(path: string, method: string, status: number, body: unknown): string[] {
  const expected = documented(method, path, status);
  if (!expected.found) return [`${method.toUpperCase()} ${path} answered ${status}, which the document does not list`];
  if (expected.schema === undefined) return body === undefined ? [] : [`${method.toUpperCase()} ${path} ${status} has a body, the document says none`];
  const validate = validatorOf(expected.schema);
  return validate(body) ? [] : [`${method.toUpperCase()} ${path} ${status} does not match ${expected.schema}: ${ajv.errorsText(validate.errors)}`];
}

/**
 * What is wrong with a request body the service accepted: a body on an operation that
 * declares none, no body where one is required, or one its schema refuses. The service may
 * refuse more than the schema says (rules, GEN-7's decimals), never accept more.
 */
function acceptedBodyViolation(method: string, path: string, request: Partial<ServiceRequest>): string | undefined {
  // A GET body has no meaning in HTTP; the document declares none and the service reads none.
  if (method === "GET") return undefined;
  const declared = doc.paths[path]?.[method.toLowerCase()]?.requestBody;
  const sent = "body" in request && request.body !== undefined;
  if (declared === undefined) return sent ? `accepted a body the document does not declare: ${JSON.stringify(request.body).slice(0, 200)}` : undefined;
  if (!sent) return declared.required ? "accepted no body, where the document requires one" : undefined;
  const schema = declared.content["application/json"]?.schema.$ref;
  if (schema === undefined) return "declares a body without a JSON schema";
  const validate = validatorOf(schema);
  return validate(request.body) ? undefined : `accepted a body that ${schema} refuses: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(request.body).slice(0, 500)}`;
}

/**
 * Checks one answer against the document; throws an Error naming the route, the status and
 * what does not match.
 * @param request - the request as sent to `handle`
 * @param response - the answer
 */
export function checkContract(request: ServiceRequest, response: ServiceResponse): void {
  // Totality tests hand `handle` garbage (null, numbers); the service reads it as no route.
  const req = (typeof request === "object" && request !== null ? request : {}) as Partial<ServiceRequest>;
  const method = typeof req.method === "string" ? req.method.toUpperCase() : "";
  const target = splitTarget(typeof req.path === "string" ? req.path : "");
  const match = matchRoute(router, method, target.path);
  let where: string;
  let expected: { found: boolean; schema?: string };
  if (match.kind === "route") {
    const operation: OperationId = match.route.operation;
    const p = openApiPath(apiRoutes.find((r) => r.operation === operation)?.path ?? "", match.route.form);
    where = `${match.route.method} ${p}`;
    expected = documented(match.route.method, p, response.status);
    if (!documentedStatuses(operation).includes(response.status)) expected = { found: false };
    record(`${operation} ${match.route.form} ${response.status}`);
    if (response.status < 300) {
      const violation = acceptedBodyViolation(match.route.method, p, req);
      if (violation !== undefined) throw new Error(`OpenAPI contract: ${where} answered ${response.status} and ${violation}`);
    }
  } else {
    // No operation answers: an unknown path is 404 and a known path with another method 405,
    // both with the problem body every refusal carries.
    where = `${method} ${target.path} (no route)`;
    const status = match.kind === "notFound" ? 404 : 405;
    // A 405 belongs to the path: count it for every operation the path answers.
    if (match.kind === "methodNotAllowed" && response.status === 405) {
      for (const m of match.allowed) {
        const hit = matchRoute(router, m, target.path);
        if (hit.kind === "route") record(`${hit.route.operation} ${hit.route.form} 405`);
      }
    }
    expected = response.status === status ? { found: true, schema: "#/components/schemas/Problem" } : { found: false };
  }
  if (!expected.found) throw new Error(`OpenAPI contract: ${where} answered ${response.status}, which the document does not list`);
  if (expected.schema === undefined) {
    if (response.body !== undefined) throw new Error(`OpenAPI contract: ${where} ${response.status} has a body, the document says none`);
    return;
  }
  const validate = validatorOf(expected.schema);
  if (!validate(response.body)) {
    throw new Error(`OpenAPI contract: ${where} ${response.status} does not match ${expected.schema}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(response.body).slice(0, 500)}`);
  }
}

/**
 * Wraps a service so every answer is checked against the document, and its issues' rules
 * against the rule catalogs and their messages (issue-rules.ts), before the test sees it.
 * @param service - any object with `handle`
 * @returns the same object, `handle` checked
 */
export function withContract<S extends { handle: (request: ServiceRequest) => ServiceResponse | Promise<ServiceResponse> }>(service: S): S {
  const handle = service.handle;
  const checked = (request: ServiceRequest, response: ServiceResponse): ServiceResponse => {
    checkContract(request, response);
    const problems = issueRuleProblems(response.body);
    if (problems.length > 0) throw new Error(`Issue rules (issue 24): ${problems.join("; ")}`);
    return response;
  };
  return Object.assign(Object.create(Object.getPrototypeOf(service) as object) as S, service, {
    handle: (request: ServiceRequest): ServiceResponse | Promise<ServiceResponse> => {
      const response = handle(request);
      // A storage makes the answer a promise (PostgreSQL): check it once it arrives.
      return response instanceof Promise ? response.then((r) => checked(request, r)) : checked(request, response);
    },
  });
}
