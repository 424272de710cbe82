// A request matched to a route of the API's table (GEN-2, ERR-2), with what every operation
// reads from it: the path's references, the query, the dry-run flag and the body.
import { dryRunOf, matchRoute, splitTarget, type CompiledRoute, type PathParam, type Router } from "../api/routes.js";
import { issue } from "../shared/issue.js";
import { refused } from "./answer.js";
import type { ServiceRequest, ServiceResponse } from "./entry-point.js";

/** A request matched to a route, with what every operation reads from it. */
export interface Routed {
  readonly route: CompiledRoute;
  readonly params: readonly PathParam[];
  readonly query: ReadonlyMap<string, string>;
  readonly dryRunRead: ReturnType<typeof dryRunOf>;
  readonly dryRun: boolean;
  readonly hasBody: boolean;
  readonly body: unknown;
  readonly method: string;
  readonly path: string;
}

/**
 * Matches a request to its route: the 404 or 405 when no route takes it (ERR-2), else what the
 * operation needs.
 * @param router - the compiled route table
 * @param request - the request as given
 * @returns the answer, or the routed request
 */
export function routeOf(router: Router, request: ServiceRequest): ServiceResponse | Routed {
  const method = typeof request.method === "string" ? request.method.toUpperCase() : "";
  const target = splitTarget(typeof request.path === "string" ? request.path : "");
  const match = matchRoute(router, method, target.path);
  if (match.kind === "notFound") return refused([issue("NotFound", "", "ERR-2", "No such route (ERR-2), or a path segment that must be a GUID is not one (GEN-2).")]);
  if (match.kind === "methodNotAllowed") {
    const allow = match.allowed.join(", ");
    return { ...refused([issue("MethodNotAllowed", "", "ERR-2", `This path accepts ${allow} only (ERR-2).`)]), headers: { allow } };
  }
  const dryRunRead = dryRunOf(method, target.query);
  return {
    route: match.route,
    params: match.params,
    query: target.query,
    dryRunRead,
    dryRun: dryRunRead.ok && dryRunRead.value,
    hasBody: Object.hasOwn(request, "body"),
    body: Object.hasOwn(request, "body") ? request.body : undefined,
    method,
    path: target.path,
  };
}

