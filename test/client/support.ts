// A real server on loopback for the client's tests: createHttpServer over createFieldService
// with the demonstration fixture, on an ephemeral port of 127.0.0.1, with a clock the test moves.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OperationId } from "../../src/api/operations.generated.js";
import { compileRoutes, createRouter, matchRoute, apiRoutes } from "../../src/api/routes.js";
import type { FetchLike } from "../../src/client/index.js";
import { createHttpServer } from "../../src/server/http.js";
import { createFieldService } from "../../src/service/create.js";
import { demoFixture } from "../../src/service/demo-fixture.js";

/** A started server and its clock. */
export interface Started {
  readonly baseUrl: string;
  /** The server's clock, in ms since the epoch; tests move it. */
  serverNow: number;
  readonly close: () => Promise<void>;
}

/** The README's credentials of the demo company. */
export const demo = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } as const;

/** Starts the stand-in on 127.0.0.1 with an ephemeral port; its clock starts at `start`. */
export async function startServer(start: number = Date.parse("2026-11-23T08:00:00Z")): Promise<Started> {
  const started = { serverNow: start } as { serverNow: number };
  const service = createFieldService({ fixture: demoFixture, now: () => new Date(started.serverNow) });
  const server: Server = createHttpServer(service, { log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return Object.assign(started, { baseUrl, close });
}

/** One request as the wire saw it, classified by the route table. */
export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly operation: OperationId | undefined;
  readonly form: "id" | "externalId" | undefined;
  readonly status: number;
  readonly authorization: string | undefined;
}

const router = createRouter(compileRoutes(apiRoutes));

/** The global fetch, recording every request and its status. */
export function recordingFetch(seen: Seen[], alter: (init: RequestInit, url: string) => RequestInit = (init) => init): FetchLike {
  return async (url, init) => {
    const u = new URL(url);
    const match = matchRoute(router, init.method ?? "GET", u.pathname);
    const sent = alter(init, url);
    const response = await fetch(url, sent);
    const headers = new Headers(sent.headers);
    seen.push({
      method: init.method ?? "GET",
      path: `${u.pathname}${u.search}`,
      operation: match.kind === "route" ? match.route.operation : undefined,
      form: match.kind === "route" ? match.route.form : undefined,
      status: response.status,
      authorization: headers.get("authorization") ?? undefined,
    });
    return response;
  };
}
