// The contract check: every answer a test receives from the service must match the response the
// OpenAPI document (docs/openapi.json, built by src/api/openapi.ts) declares for its route and
// status. `testService` (test/service/support.ts) runs it on every `handle`, so every end-to-end
// test is also a contract test. Each (operation, form, status) seen is recorded, and the global
// teardown (test/contract/global-setup.ts) lists the documented pairs no test exercised.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApiDocument, documentedStatuses, openApiPath } from "../../src/api/openapi.js";
import { apiRoutes, compileRoutes, createRouter, matchRoute, splitTarget, type OperationId } from "../../src/api/routes.js";
import type { ServiceRequest, ServiceResponse } from "../../src/service/create.js";

/** Where each worker appends the pairs it saw; read by the global teardown. */
export const CONTRACT_DIR: string = join(process.cwd(), "reports", "openapi-contract");

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, { schema: { $ref: string } }> }> }>>;
  components: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
};

const doc = buildOpenApiDocument({ version: "contract" }) as unknown as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(doc, "openapi");
const validators = new Map<string, ValidateFunction>();
function validatorOf(ref: string): ValidateFunction {
  let v = validators.get(ref);
  if (v === undefined) {
    v = ajv.compile({ $ref: `openapi${ref}` });
    validators.set(ref, v);
  }
  return v;
}

const router = createRouter(compileRoutes(apiRoutes));
const seen = new Set<string>();

function record(key: string): void {
  if (seen.has(key)) return;
  seen.add(key);
  mkdirSync(CONTRACT_DIR, { recursive: true });
  appendFileSync(join(CONTRACT_DIR, `${process.pid}.txt`), `${key}\n`);
}

/** The documented response of a status on an operation: its schema reference, or none for a body-less answer. */
function documented(method: string, path: string, status: number): { found: boolean; schema?: string } {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  if (response === undefined) return { found: false };
  const target = response.$ref === undefined ? response : doc.components.responses[response.$ref.split("/").pop() as string];
  const content = target?.content;
  if (content === undefined) return { found: true };
  const media = content["application/json"] ?? content["application/problem+json"];
  return media === undefined ? { found: true } : { found: true, schema: media.schema.$ref };
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
 * Wraps a service so every answer is checked against the document before the test sees it.
 * @param service - any object with `handle`
 * @returns the same object, `handle` checked
 */
export function withContract<S extends { handle: (request: ServiceRequest) => ServiceResponse | Promise<ServiceResponse> }>(service: S): S {
  const handle = service.handle;
  const checked = (request: ServiceRequest, response: ServiceResponse): ServiceResponse => {
    checkContract(request, response);
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
