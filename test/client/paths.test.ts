// src/client/paths.ts: record references in paths (TXT-2, GEN-1, GEN-2): the client sends a reference only when a URL
// carries it to the intended record, and refuses every other one locally, as a FieldServiceError,
// before anything is sent. `fetch` removes `.` and `..` segments (`%2e%2e` too), so before this
// `{ externalId: ".." }` as an intervention addressed, and cancelled, its order.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOperations } from "../../src/api/operations.js";
import type { OperationId } from "../../src/api/operations.generated.js";
import { apiRoutes, compileRoutes, createRouter, matchRoute } from "../../src/api/routes.js";
import { createClient, FieldServiceError, operationPath, type Ref } from "../../src/client/index.js";
import { demo, recordingFetch, startServer, type Seen, type Started } from "./support.js";

let server: Started;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const GUID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

/** What a call rejected with, or "resolved". */
async function outcome(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => "resolved", (e: unknown) => e);
}

function issuesOf(e: unknown): string[] {
  expect(e).toBeInstanceOf(FieldServiceError);
  const f = e as FieldServiceError;
  expect([f.local, f.status, f.problem.name]).toEqual([true, 400, "BadRequest"]);
  return f.problem.errors.map((i) => `${i.code}@${i.path}`);
}

describe("references no URL can carry are refused before sending (TXT-2, GEN-1)", () => {
  it("TXT-2: cancelIntervention(order, { externalId: \"..\" }) is refused locally; nothing is sent and the order stays open", async () => {
    const seen: Seen[] = [];
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recordingFetch(seen) });
    await c.addCustomer({ externalId: "C-REF", name: "Pekárna", identificationNumber: "27074358", contactPeople: [{ externalId: "jana", lastName: "Malá" }], addresses: [{ externalId: "dvur", city: "Brno" }] });
    await c.addOrder({ externalId: "E-O", customerId: "C-REF", addressId: "dvur", contactPersonId: "jana", categoryId: "oprava" });
    seen.length = 0;

    const e = await outcome(c.cancelIntervention({ externalId: "E-O" }, { externalId: ".." }, {}));
    expect(issuesOf(e)).toEqual(["InvalidExternalId@intervention"]);
    expect((e as FieldServiceError).operation).toBe("cancelIntervention");
    expect(seen).toEqual([]);
    expect((await c.readOrder({ externalId: "E-O" })).state).toBe("Open");
  });

  it("TXT-2: blank, dot-segment and unstorable external IDs are FieldServiceErrors, never a TypeError or URIError, and nothing is sent", async () => {
    const seen: Seen[] = [];
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recordingFetch(seen) });
    // "\uD800" made encodeURIComponent throw a URIError out of the client.
    for (const bad of [".", "..", "", " ", "\t\n", "\u0000", "a\u0000b", "\uD800", "x\uDC00", "\uDC00\uD800"]) {
      expect(issuesOf(await outcome(c.readMaterial({ externalId: bad })))).toEqual(["InvalidExternalId@material"]);
      expect(issuesOf(await outcome(c.moveStock({ externalId: "auto-1" }, { externalId: bad }, [{ materialId: "MAT-001", amount: 1 }])))).toEqual(["InvalidExternalId@toStore"]);
    }
    // Every reference is judged: both issues at once.
    expect(issuesOf(await outcome(c.readIntervention({ externalId: "." }, { externalId: "\uD800" })))).toEqual(["InvalidExternalId@order", "InvalidExternalId@intervention"]);
    expect(seen).toEqual([]);
  });

  it("GEN-1, GEN-2: a string reference that is not a GUID is InvalidGuid: it can match no GUID path, and \"..\" or \"externalId\" there would reach another route", async () => {
    const seen: Seen[] = [];
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recordingFetch(seen) });
    for (const bad of ["..", ".", "", "MAT-001", "externalId", `${GUID}x`, GUID.slice(1), ` ${GUID}`, "\uD800"]) {
      expect(issuesOf(await outcome(c.readMaterial(bad)))).toEqual(["InvalidGuid@material"]);
    }
    // As the order, "externalId" would have turned the intervention read into the allowed actions of order "intervention".
    expect(issuesOf(await outcome(c.readIntervention("externalId", "allowedActions")))).toEqual(["InvalidGuid@order", "InvalidGuid@intervention"]);
    expect(issuesOf(await outcome(c.moveStock(GUID, "..", [])))).toEqual(["InvalidGuid@toStore"]);
    expect(seen).toEqual([]);
    // GUIDs in any case are GUIDs (GEN-1).
    await expect(c.readMaterial(GUID.toUpperCase())).rejects.toMatchObject({ status: 404, local: false });
  });

  it("a reference outside the types (a JavaScript caller) is a TypeError naming the operation and the parameter", async () => {
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recordingFetch([]) });
    const loose = c.readMaterial as unknown as (ref: unknown) => Promise<unknown>;
    for (const bad of [{ externalId: 7 }, {}, null, 42]) {
      await expect(loose(bad)).rejects.toThrow(new TypeError("readMaterial: material is neither a GUID string nor { externalId: string }"));
    }
  });
});

/** Any UTF-16 text, biased towards what a URL treats specially: dots, slashes, `%`, `?`, `#`, backslashes, blanks, surrogate halves. */
const tricky = fc.oneof(
  fc.string({ unit: fc.constantFrom(".", "/", "%", "?", "#", "\\", " ", "\t", "a", "2", "e", "E", ";", "\u0000", "\uD83D", "\uDD29", "\uD800", "\uDC00", "é") }),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  fc.constantFrom(".", "..", "%2e", "%2e%2e", ".%2E", "...", "a/../b", "./", "/..", "?", "#", "\\..", " ..", ".. "),
);

/** The operations naming one record, and those naming two. */
const withRefs = (n: number): OperationId[] =>
  (Object.keys(apiOperations) as OperationId[]).filter((o) => (apiOperations[o].path.match(/\{/g) ?? []).length === n);
const oneRef = fc.constantFrom(...withRefs(1));
const twoRefs = fc.constantFrom(...withRefs(2));
const bases = fc.constantFrom("http://stand-in", "https://api.example.com:8443/field-service/v1");

/** How fetch resolves the client's URL: the path's segments, decoded. */
function resolvedSegments(base: string, path: string): string[] {
  return new URL(`${base}${path}`).pathname.split("/").slice(1).map(decodeURIComponent);
}

/** The template's segments with the refs in place (and `externalId` after the first, for that form). */
function intended(operation: OperationId, values: readonly string[], external: boolean): string[] {
  let i = 0;
  const segments = apiOperations[operation].path.split("/").slice(1).map((p) => (p.startsWith("{") ? (values[i++] as string) : p));
  if (external) segments.splice(1, 0, "externalId");
  return segments;
}

/** The path a naive client builds (encodeURIComponent, as before): `undefined` when it cannot build one. */
function naivePath(operation: OperationId, values: readonly string[], external: boolean): string | undefined {
  try {
    return `/${intended(operation, values.map(encodeURIComponent), external).join("/")}`;
  } catch {
    return undefined; // URIError on an unpaired surrogate
  }
}

const router = createRouter(compileRoutes(apiRoutes));

/** Whether the server's router, given the path as `fetch` resolves it, reaches `operation` with exactly these refs. */
function reachesIntended(operation: OperationId, path: string | undefined, values: readonly string[]): boolean {
  if (path === undefined) return false;
  const m = matchRoute(router, apiOperations[operation].method, new URL(`http://h${path}`).pathname);
  return m.kind === "route" && m.route.operation === operation && m.params.map((p) => p.value).join("\u0001") === values.join("\u0001");
}

/** operationPath, or what it threw. */
function pathOrError(operation: OperationId, refs: readonly Ref[]): string | Error {
  try {
    return operationPath(operation, refs);
  } catch (e) {
    return e as Error;
  }
}

describe("operationPath: the URL fetch resolves is the one intended (property)", () => {
  it("TXT-2: for any external IDs the client accepts, the resolved URL has the template's segments and decodes back to them; any other is a local 400 InvalidExternalId", () => {
    const base = fc.tuple(bases, fc.oneof(oneRef.map((o) => [o, 1] as const), twoRefs.map((o) => [o, 2] as const)), tricky, tricky);
    fc.assert(
      fc.property(base, ([prefix, [operation, n], a, b]) => {
        const values = [a, b].slice(0, n);
        const result = pathOrError(operation, values.map((externalId) => ({ externalId })));
        if (typeof result === "string") {
          const prefixSegments = new URL(prefix).pathname.split("/").slice(1).filter((s) => s !== "");
          expect(resolvedSegments(prefix, result)).toEqual([...prefixSegments, ...intended(operation, values, true)]);
        } else {
          expect(issuesOf(result).every((i) => i.startsWith("InvalidExternalId@"))).toBe(true);
          expect(issuesOf(result).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("TXT-2: the client refuses exactly the external IDs with which a naive client's URL would not reach the intended route (the server's router decides)", () => {
    fc.assert(
      fc.property(fc.oneof(oneRef.map((o) => [o, 1] as const), twoRefs.map((o) => [o, 2] as const)), tricky, tricky, ([operation, n], a, b) => {
        const values = [a, b].slice(0, n);
        const accepted = typeof pathOrError(operation, values.map((externalId) => ({ externalId }))) === "string";
        expect(accepted).toBe(reachesIntended(operation, naivePath(operation, values, true), values));
      }),
      { numRuns: 3000 },
    );
  });

  it("GEN-1: a string reference is accepted exactly when the server's router takes it as the GUID of the intended route, and then decodes back to it", () => {
    const guidish = fc.oneof(fc.uuid(), fc.uuid().map((u) => u.toUpperCase()), tricky, fc.uuid().map((u) => `${u}/..`));
    fc.assert(
      fc.property(fc.oneof(oneRef.map((o) => [o, 1] as const), twoRefs.map((o) => [o, 2] as const)), guidish, guidish, ([operation, n], a, b) => {
        const values = [a, b].slice(0, n);
        const result = pathOrError(operation, values);
        expect(typeof result === "string").toBe(reachesIntended(operation, naivePath(operation, values, false), values));
        if (typeof result === "string") expect(resolvedSegments("http://h", result)).toEqual(intended(operation, values, false));
        else expect(issuesOf(result).every((i) => i.startsWith("InvalidGuid@"))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("over the wire: a real fetch to a node:http server", () => {
  let echo: Server;
  let echoBase: string;
  const received: string[] = [];

  beforeAll(async () => {
    echo = createServer((req: IncomingMessage, res) => {
      received.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(req.url === "/auth/login" ? JSON.stringify({ accessToken: "t" }) : "{}");
    });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    echoBase = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    echo.closeAllConnections();
    await new Promise((resolve) => echo.close(resolve));
  });

  it("TXT-2: the server receives exactly the intended path, segment for segment, for external IDs a URL treats specially", async () => {
    const c = createClient({ baseUrl: `${echoBase}/`, ...demo });
    const ids = ["...", ".a", "a.", "%2e%2e", ".%2E", "a/../b", "../", "?x=1", "#frag", "\\..", "🔩 Šroub", " x ", "a\u00a0", ";", "%", "E-O"];
    for (const id of ids) {
      received.length = 0;
      await c.readIntervention({ externalId: "E-O" }, { externalId: id });
      const [line] = received.filter((r) => !r.startsWith("POST /auth/login"));
      expect(line).toBe(`GET /order/externalId/E-O/intervention/${encodeURIComponent(id)}`);
      expect((line as string).slice(4).split("/").slice(1).map(decodeURIComponent)).toEqual(["order", "externalId", "E-O", "intervention", id]);
    }
    // And the case that went wrong: no request at all, not PUT /order/externalId/E-O/Cancel.
    received.length = 0;
    await expect(c.cancelIntervention({ externalId: "E-O" }, { externalId: ".." }, {})).rejects.toBeInstanceOf(FieldServiceError);
    expect(received).toEqual([]);
  });
});
