import { describe, expect, it } from "vitest";
import { apiRoutes as routes, compileRoutes, createRouter, dryRunOf, matchRoute, splitTarget } from "../../src/api/routes.js";

const router = createRouter(compileRoutes(routes));
const G1 = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
const G2 = "3F2504E0-4F89-11D3-9A0C-0305E82C3302";

/** Every endpoint of the spec's overview table and SERVICE.md's extensions, GUID form. */
const contract: ReadonlyArray<readonly [string, string]> = [
  ["POST", "/auth/login"], ["POST", "/customer"], ["POST", "/customer/addOrEdit"], ["POST", "/order"], ["POST", "/order/addOrEdit"],
  ["PUT", "/order/{order}"], ["PUT", "/order/{order}/cancel"], ["POST", "/order/{order}/PlanIntervention"],
  ["GET", "/order/{order}/intervention/{intervention}"], ["PUT", "/order/{order}/intervention/{intervention}"],
  ["PUT", "/order/{order}/intervention/{intervention}/Replan"], ["PUT", "/order/{order}/intervention/{intervention}/Cancel"],
  ["GET", "/order/{order}/intervention/{intervention}/reportDocuments"], ["PUT", "/material/{material}"], ["PUT", "/store/{store}"],
  ["GET", "/store/{store}"], ["POST", "/store/{store}/addToStore"], ["PUT", "/store/{store}/removeMaterial"],
  ["PUT", "/store/{store}/setMaterialAmounts"], ["PUT", "/store/{store}/moveTo/{toStore}"],
  // SERVICE.md extensions
  ["GET", "/customer/{customer}"], ["GET", "/order/{order}"], ["GET", "/material/{material}"], ["PUT", "/order/{order}/complete"],
  ["PUT", "/order/{order}/intervention/{intervention}/StartDeparture"], ["PUT", "/order/{order}/intervention/{intervention}/Start"],
  ["PUT", "/order/{order}/intervention/{intervention}/RequestSignature"], ["PUT", "/order/{order}/intervention/{intervention}/Complete"],
  ["GET", "/order/{order}/allowedActions"], ["GET", "/order/{order}/intervention/{intervention}/allowedActions"],
  // The project's extensions (docs/service.md "Extensions of this package")
  ["GET", "/journal"],
  ["GET", "/sync"],
  ["GET", "/order/{order}/candidates"],
  ["GET", "/order/{order}/intervention/{intervention}/candidates"],
];

const withGuids = (t: string) => t.replace(/\{[a-zA-Z]+\}/, G1).replace(/\{[a-zA-Z]+\}/, G2);
const twin = (t: string) => {
  const [, first, ...rest] = t.split("/");
  return `/${first}/externalId/${rest.join("/")}`.replace(/\{[a-zA-Z]+\}/, "ext%2F1").replace(/\{[a-zA-Z]+\}/, "ext 2");
};

describe("router", () => {
  it("GEN-2: every endpoint of the contract is routed, and its external-ID twin leads to the same route", () => {
    expect(routes.length).toBe(contract.length);
    for (const [method, template] of contract) {
      const m = matchRoute(router, method, withGuids(template));
      expect(m.kind, `${method} ${template}`).toBe("route");
      if (m.kind !== "route") continue;
      expect(m.route.template).toBe(template);
      if (!template.includes("{")) continue;
      const t = matchRoute(router, method, twin(template));
      expect(t.kind === "route" && t.route.template === template && t.route.form === "externalId", `${method} ${twin(template)}`).toBe(true);
      if (t.kind === "route") expect(t.params.map((p) => p.value)).toEqual(template.includes("{intervention}") || template.includes("toStore") ? ["ext/1", "ext 2"] : ["ext/1"]);
    }
  });

  it("GEN-2: a `{id}` segment that is not a GUID matches no route (404)", () => {
    expect(matchRoute(router, "GET", "/order/123").kind).toBe("notFound");
    expect(matchRoute(router, "GET", `/order/${G1}/intervention/nope`).kind).toBe("notFound");
    expect(matchRoute(router, "PUT", `/store/${G1}/moveTo/S2`).kind).toBe("notFound");
    expect(matchRoute(router, "GET", `/order/externalId/${G1}`).kind).toBe("route");
    expect(matchRoute(router, "GET", "/order/externalId/").kind).toBe("notFound");
  });

  it("ERR-2: unknown routes are 404 and a known path with the wrong method is 405", () => {
    expect(matchRoute(router, "GET", "/nope").kind).toBe("notFound");
    expect(matchRoute(router, "GET", "/").kind).toBe("notFound");
    expect(matchRoute(router, "GET", "/auth/login")).toEqual({ kind: "methodNotAllowed", allowed: ["POST"] });
    expect(matchRoute(router, "DELETE", `/order/${G1}`)).toEqual({ kind: "methodNotAllowed", allowed: ["GET", "PUT"] });
    expect(matchRoute(router, "PUT", "/order/addOrEdit").kind).toBe("methodNotAllowed");
  });

  it("action segments match in any case", () => {
    for (const p of [`/order/${G1}/planintervention`, `/order/${G1}/PLANINTERVENTION`, `/ORDER/externalid/x/PlanIntervention`]) {
      expect(matchRoute(router, "POST", p).kind, p).toBe("route");
    }
    const cancel = matchRoute(router, "PUT", `/order/${G1}/intervention/${G2}/cancel`);
    expect(cancel.kind === "route" && cancel.route.template.endsWith("/Cancel")).toBe(true);
  });

  it("malformed percent-encoding is 404, never a throw", () => {
    expect(matchRoute(router, "GET", "/order/externalId/%E0%A4%A").kind).toBe("notFound");
    expect(matchRoute(router, "GET", "/order/externalId/%").kind).toBe("notFound");
  });

  it("parses the query once, first value wins, and ignores a fragment", () => {
    const t = splitTarget("/store/x?page=1&pageSize=20&page=3&searchPhrase=%C5%A0roub+M6#frag");
    expect(t.path).toBe("/store/x");
    expect(Object.fromEntries(t.query)).toEqual({ page: "1", pageSize: "20", searchPhrase: "Šroub M6" });
    expect(splitTarget("/a#b?c=1")).toEqual({ path: "/a", query: new Map() });
  });

  it("dryRun: true or false in any case on a write, ignored on GET, anything else InvalidEnum", () => {
    const q = (v: string) => new Map([["dryRun", v]]);
    expect(dryRunOf("POST", q("TRUE"))).toEqual({ ok: true, value: true });
    expect(dryRunOf("PUT", q("false"))).toEqual({ ok: true, value: false });
    expect(dryRunOf("PUT", new Map())).toEqual({ ok: true, value: false });
    expect(dryRunOf("GET", q("maybe"))).toEqual({ ok: true, value: false });
    expect(dryRunOf("POST", q("yes"))).toEqual({ ok: false, issues: [{ code: "InvalidEnum", path: "dryRun", message: "dryRun is true or false.", rule: "ERR-2" }] });
    for (const v of ["xtrue", "truex", "false ", "", "1"]) expect(dryRunOf("PUT", q(v)).ok, v).toBe(false);
  });

  it("GEN-2: one trailing slash is the same path, a leading slash may be left out, and an empty segment matches nothing", () => {
    for (const p of [`/order/${G1}/`, `order/${G1}`, "/order/externalId/O-1/"]) {
      const m = matchRoute(router, "GET", p);
      expect(m.kind === "route" && m.route.operation, p).toBe("readOrder");
    }
    for (const p of [`/order/${G1}//`, "/order/externalId//cancel", `//order/${G1}`]) expect(matchRoute(router, "PUT", p).kind, p).toBe("notFound");
    const m = matchRoute(router, "PUT", "/order/externalId/O%2F1/cancel");
    expect(m.kind === "route" && m.params).toEqual([{ name: "order", value: "O/1" }]);
  });

  it("GEN-2: a segment that cannot be decoded, or more segments than any route has, is 404", () => {
    expect(matchRoute(router, "PUT", "/order/externalId/O-1/%").kind).toBe("notFound");
    expect(matchRoute(router, "PUT", "/order/externalId/O-1/%E0%A4%A").kind).toBe("notFound");
    expect(matchRoute(router, "GET", "/a/b/c/d/e/f/g/h/i/j/k").kind).toBe("notFound");
  });

  it("GEN-2: a target that is only a query or only a fragment has an empty path", () => {
    expect(splitTarget("?dryRun=true")).toEqual({ path: "", query: new Map([["dryRun", "true"]]) });
    expect(splitTarget("#x?dryRun=true")).toEqual({ path: "", query: new Map() });
  });

  it("GEN-2: the route compiler refuses an unknown placeholder and a route declared twice (in any letter case)", () => {
    expect(() => compileRoutes([{ method: "GET", path: "/order/{bogus}", operation: "readOrder", success: 200, kind: "decision" }])).toThrow("Unknown placeholder in route /order/{bogus}");
    // A placeholder is a whole segment.
    for (const path of ["/order/{order}x", "/order/x{order}"]) {
      expect(() => compileRoutes([{ method: "GET", path, operation: "readOrder", success: 200, kind: "decision" }]), path).toThrow(`Unknown placeholder in route ${path}`);
    }
    expect(() => compileRoutes([
      { method: "GET", path: "/order/{order}", operation: "readOrder", success: 200, kind: "decision" },
      { method: "GET", path: "/ORDER/{order}", operation: "readOrder", success: 200, kind: "decision" },
    ])).toThrow("Route declared twice: GET /order/{order}");
    expect(compileRoutes([
      { method: "GET", path: "/order/{order}", operation: "readOrder", success: 200, kind: "decision" },
      { method: "PUT", path: "/order/{order}", operation: "editOrder", success: 204, kind: "decision" },
    ]).map((r) => `${r.method} ${r.form}`)).toEqual(["GET id", "GET externalId", "PUT id", "PUT externalId"]);
  });
});
