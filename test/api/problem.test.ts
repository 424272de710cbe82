import { describe, expect, it } from "vitest";
import { issueStatus, problem, problemNames, refusal, simpleProblem } from "../../src/api/problem.js";
import { issueCodes, type IssueCode } from "../../src/shared/issue.js";
import { edgeIssue, issue } from "../../src/shared/issue.js";
import type { ProblemDetails } from "../../src/api/problem.js";
import { ids } from "../../src/testing/arbitraries/records/fixture.js";
import { namedRules } from "../contract/issue-rules.js";
import { bearer, loginAs, seed, testService } from "../service/support.js";

describe("problem details", () => {
  it("ERR-1: the body is RFC 9457 with name, title, status and every error", () => {
    const body = problem(400, [issue("Required", "name", "ERR-2"), issue("Negative", "[1].amount", "GEN-7", "Amounts are never negative (GEN-7).")]);
    expect(body).toEqual({
      type: "about:blank", title: "Bad Request", status: 400, name: "BadRequest",
      errors: [
        { code: "Required", path: "name", message: "A required value is missing or null.", rule: "ERR-2" },
        { code: "Negative", path: "[1].amount", message: "Amounts are never negative (GEN-7).", rule: "GEN-7" },
      ],
    });
  });

  it("ERR-1: each refusal status has its name", () => {
    expect(problemNames).toEqual({
      400: "BadRequest", 401: "NotAuthenticated", 403: "Forbidden", 404: "NotFound", 405: "MethodNotAllowed", 413: "PayloadTooLarge",
      414: "UriTooLong", 415: "UnsupportedMediaType", 422: "UnprocessableContent", 429: "TooManyRequests", 431: "RequestHeaderFieldsTooLarge", 500: "InternalServerError", 503: "ServiceUnavailable",
    });
    expect(simpleProblem(503, "Unavailable")).toMatchObject({ status: 503, name: "ServiceUnavailable", title: "Service Unavailable", errors: [{ code: "Unavailable", path: "" }] });
    expect(simpleProblem(401, "NotAuthenticated", undefined, "AUTH-2")).toMatchObject({ status: 401, name: "NotAuthenticated", title: "Unauthorized", errors: [{ code: "NotAuthenticated", path: "", rule: "AUTH-2" }] });
  });

  it("ERR-1: every refusal of the service carries a problem body whose status matches", async () => {
    const s = testService();
    const token = await loginAs(s, 0);
    const answers = await Promise.all([
      s.handle({ method: "POST", path: "/auth/login", body: {} }),
      s.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "x", clientId: "y", secret: "z" } }),
      s.handle({ method: "GET", path: `/material/${ids(0).material(1)}` }),
      s.handle({ method: "GET", path: "/material/externalId/none", headers: bearer(token) }),
      s.handle({ method: "PATCH", path: "/customer" }),
    ]);
    expect(answers.map((a) => [a.status, (a.body as { name: string }).name])).toEqual([[400, "BadRequest"], [403, "Forbidden"], [401, "NotAuthenticated"], [404, "NotFound"], [405, "MethodNotAllowed"]]);
    for (const a of answers) expect(a.body).toMatchObject({ type: "about:blank", status: a.status, errors: expect.arrayContaining([expect.objectContaining({ code: expect.any(String), path: expect.any(String), message: expect.any(String) })]) });
  });

  it("ERR-1, HTTP-1, HTTP-2: a 400 body carries each issue's rule as data, the first rule its message names; an edge answer's issue cites its code's rule (issues 24, 38)", async () => {
    const s = testService();
    const { order } = await seed(s, 0);
    const token = await loginAs(s, 0);
    const r = await s.handle({ method: "POST", path: `/order/${order.id}/PlanIntervention`, headers: bearer(token), body: { day: "2026-02-30", primaryAssigneeId: null, assignations: [], categoryId: "no-such-category" } });
    expect(r.status).toBe(400);
    expect((r.body as ProblemDetails).errors.map((i) => [i.code, i.path, i.rule])).toEqual([
      ["Required", "primaryAssigneeId", "GEN-5"], ["InvalidDate", "day", "GEN-6"],
    ]);
    const refused = await s.handle({ method: "POST", path: `/order/${order.id}/PlanIntervention`, headers: bearer(token), body: { day: "2026-05-04", primaryAssigneeId: "nobody", assignations: [], categoryId: "no-such-category" } });
    for (const i of (refused.body as ProblemDetails).errors) expect(namedRules(i.message)[0]).toBe(i.rule);
    expect((refused.body as ProblemDetails).errors.map((i) => i.rule)).toEqual(expect.arrayContaining(["GEN-3", "ASN-1"]));
    expect(simpleProblem(413, "PayloadTooLarge").errors[0]?.rule).toBe("HTTP-1");
    expect(problem(500, [edgeIssue("InternalError", "Internal error.")]).errors).toEqual([{ code: "InternalError", path: "", message: "Internal error.", rule: "HTTP-2" }]);
  });

  it("ERR-2: every rule and body issue is 400; only the request-level codes have their own status", () => {
    const own: Partial<Record<IssueCode, number>> = {
      NotAuthenticated: 401, WrongCredentials: 403, NotFound: 404, MethodNotAllowed: 405, PayloadTooLarge: 413, UriTooLong: 414,
      UnsupportedMediaType: 415, HeadersTooLarge: 431, InternalError: 500, Unavailable: 503, IdempotencyKeyReused: 422, TooManyLoginFailures: 429,
    };
    for (const code of Object.keys(issueCodes) as IssueCode[]) expect([code, issueStatus(code)]).toEqual([code, own[code] ?? 400]);
    expect(refusal([issue("NotFound", "", "GEN-2", "gone")])).toMatchObject({ status: 404, body: { name: "NotFound", status: 404 } });
  });
});
