import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProblemDetails } from "../../src/api/problem.js";
import type { ServiceRequest } from "../../src/service/entry-point.js";
import { jsonValue, requestMethod, requestPath } from "../../src/testing/arbitraries/records/fixture.js";
import { issueRuleProblems } from "../contract/issue-rules.js";
import { adapter, bearer, company, loginAs, seed, snapshot, testService, type TestService } from "./support.js";

/** Random requests to a seeded service: any method, random and known paths (both companies' records), any JSON body, good, bad and random headers. */
async function randomRequests(s: TestService): Promise<fc.Arbitrary<ServiceRequest>> {
  const a = await seed(s, 0);
  await seed(s, 1);
  const token = await loginAs(s, 0);
  const known = fc.constantFrom(
    `/order/${a.order.id}`, `/order/${a.order.id}/intervention/${a.planned.id}`, `/order/externalId/ORD-1/intervention/INT-2/reportDocuments`,
    `/customer/externalId/CUST-1`, `/order/${a.order.id}/allowedActions`, "/auth/login", "/customer", "/order/addOrEdit",
    `/store/externalId/S1/moveTo/S1`, `/order/externalId/ORD-1/PlanIntervention?dryRun=true`,
  );
  const headers = fc.oneof(fc.constant(undefined), fc.constant(bearer(token)), fc.constant({ authorization: "Bearer x" }), fc.dictionary(fc.string({ maxLength: 15 }), fc.oneof(fc.string(), fc.array(fc.string()))));
  return fc.tuple(requestMethod, fc.oneof(requestPath, known), fc.option(jsonValue, { nil: undefined }), headers)
    .map(([method, path, body, h]): ServiceRequest => ({ method, path, ...(h === undefined ? {} : { headers: h }), ...(body === undefined ? {} : { body }) }));
}

describe("totality", () => {
  it("ERR-2: random methods × paths × bodies × headers never throw, never answer 500, and refusals carry no effects and change nothing (GEN-8)", async () => {
    const s = testService();
    const requests = await randomRequests(s);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const before = [await snapshot(company(s, 0)), await snapshot(company(s, 1))];
        const r = await s.handle(request);
        expect(r.status).not.toBe(500);
        expect([200, 201, 204, 400, 401, 403, 404, 405]).toContain(r.status);
        if (r.status >= 400) {
          expect(r.effects).toEqual([]);
          expect(r.body).toMatchObject({ type: "about:blank", status: r.status });
          expect([await snapshot(company(s, 0)), await snapshot(company(s, 1))]).toEqual(before);
        }
      }),
      // Each PostgreSQL run is a few round trips and two snapshots: fewer runs keep the file under a minute.
      { numRuns: adapter === "memory" ? 1500 : 150 },
    );
  });

  it("ERR-1, GEN-9: every issue of every random refusal carries a rule of the catalogs (RULES.md, docs/rules-project.md), the first one its message names (issue 24)", async () => {
    const s = testService();
    const requests = await randomRequests(s);
    const rules = new Set<string>();
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const r = await s.handle(request);
        if (r.status < 400) return;
        expect(issueRuleProblems(r.body)).toEqual([]);
        for (const i of (r.body as ProblemDetails).errors) if (i.rule !== undefined) rules.add(i.rule);
      }),
      // No snapshots here (a run is one request): as many runs on PostgreSQL as in memory, so
      // the check below is not left to chance (100 runs once met no AUTH-2 refusal).
      { numRuns: 1000 },
    );
    // Not vacuous: the random requests meet the shape and route rules and authentication at least.
    expect([...rules]).toEqual(expect.arrayContaining(["ERR-2", "AUTH-2"]));
  });

  it("ERR-2: garbage requests from JavaScript callers are answered, not thrown", async () => {
    const s = testService();
    for (const request of [null, undefined, 5, "GET /", {}, { method: 5, path: {} }, { method: "GET", path: null }, { method: "POST", path: "/auth/login", body: Symbol("x") }, { method: "GET", path: "/order/x", headers: 1 }]) {
      const r = await s.handle(request as never);
      expect(r.status).not.toBe(500);
      expect(r.effects).toEqual([]);
    }
  });
});
