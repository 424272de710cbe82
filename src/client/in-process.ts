import { problem } from "../api/problem.js";
import { issue } from "../shared/issue.js";
import type { FetchLike } from "./transport.js";

/** A request as a service's `handle` takes it (the shape of `createFieldService(...).handle`). */
export interface InProcessRequest {
  /** Upper-case method. */
  readonly method: string;
  /** Path and query, relative to the base URL. */
  readonly path: string;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed JSON body; absent when none was sent. */
  readonly body?: unknown;
}

/** An answer as a service's `handle` gives it. */
export interface InProcessAnswer {
  /** HTTP status. */
  readonly status: number;
  /** The JSON body; absent for none. */
  readonly body?: unknown;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Anything with the reference service's `handle(request)`, sync or async. */
export interface RequestHandler {
  /** Answers one request. */
  handle(request: InProcessRequest): InProcessAnswer | Promise<InProcessAnswer>;
}

/**
 * A `fetch` that answers from a service in the same process instead of the network: the URL's
 * path and query, the headers and the JSON body go to `handle`, and its answer comes back as a
 * `Response`, bodies round-tripped through JSON text as on the wire. For tests, examples and
 * offline demos: `createClient({ ..., fetch: inProcessFetch(createFieldService({ fixture })) })`.
 * @param service - the service, e.g. `createFieldService({ fixture: demoFixture })`
 * @returns a `fetch` for {@link createClient}'s `fetch` option
 * @example
 * const fetch = inProcessFetch(createFieldService({ fixture: demoFixture }));
 * (await fetch("http://stand-in/order/externalId/NOPE", { method: "GET" })).status //=> 401
 */
export function inProcessFetch(service: RequestHandler): FetchLike {
  return async (url, init) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: { method: string; path: string; headers: Record<string, string>; body?: unknown } = {
      method: (init.method ?? "GET").toUpperCase(),
      path: `${target.pathname}${target.search}`,
      headers,
    };
    if (typeof init.body === "string" && init.body !== "") {
      try {
        request.body = JSON.parse(init.body);
      } catch {
        return json(400, problem(400, [issue("InvalidJson", "", "ERR-2", "The body is not valid JSON.")]), {});
      }
    }
    const answer = await service.handle(request);
    return json(answer.status, answer.body, answer.headers ?? {});
  };
}

function json(status: number, body: unknown, headers: Readonly<Record<string, string>>): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  const type = status >= 400 ? "application/problem+json; charset=utf-8" : "application/json; charset=utf-8";
  return new Response(JSON.stringify(body), { status, headers: { ...headers, "content-type": type } });
}
