// Issue 9: answers never alias state. Whatever a caller does to an answer (push onto a list,
// overwrite a field, deep down), the service's records stay as they were; effects are frozen.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFieldService, createServiceCore } from "../../src/service/create.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import { demoFixture } from "../../src/service/demo-fixture.js";

const clock = (): Date => new Date("2026-11-23T08:00:00Z");

/** The walk-through's writes on a fresh demo service, and the reads of what they made. */
function world() {
  const service = createFieldService({ fixture: demoFixture, now: clock });
  const token = (service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } }).body as { accessToken: string }).accessToken;
  const send = (method: string, path: string, body?: unknown): ServiceResponse =>
    service.handle({ method, path, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
  send("POST", "/customer", {
    externalId: "CUST-1", name: "Pekárna", identificationNumber: "27074358", notificationEmails: ["provoz@pekarna.cz"],
    contactPeople: [{ externalId: "jana", firstName: "Jana", email: "jana@pekarna.cz", sendNotifications: true }],
    addresses: [{ externalId: "provozovna", city: "Brno" }],
  });
  send("POST", "/order", { externalId: "ORD-1", customerId: "CUST-1", addressId: "provozovna", contactPersonId: "jana", categoryId: "oprava" });
  const plan = send("POST", "/order/externalId/ORD-1/PlanIntervention", {
    externalId: "INT-1", primaryAssigneeId: "tech-1", day: "2026-12-03", categoryId: "oprava", sendNotificationNow: true,
    assignations: [{ userId: "tech-1", plannedStart: "2026-12-03T09:00:00+01:00", plannedEnd: "2026-12-03T11:00:00+01:00" }],
  });
  const reads = [
    "/customer/externalId/CUST-1",
    "/order/externalId/ORD-1",
    "/order/externalId/ORD-1/intervention/INT-1",
    "/order/externalId/ORD-1/allowedActions",
    "/store/externalId/centralni-sklad?page=1&pageSize=5",
    "/material/externalId/MAT-001",
  ];
  return { send, plan, reads };
}

/** Every object and array inside a JSON value. */
function containers(value: unknown, out: object[] = []): object[] {
  if (typeof value === "object" && value !== null) {
    out.push(value);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

describe("answers never alias state (issue 9)", () => {
  it("GEN-8: mutating any part of any answer, deep down, changes no later answer", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("push", "assign", "clear")), { minLength: 1, maxLength: 20 }), (mutations) => {
        const { send, reads } = world();
        const before = reads.map((p) => structuredClone(send("GET", p)));
        expect(before.map((r) => r.status)).toEqual(reads.map(() => 200));
        const answers = reads.map((p) => send("GET", p));
        for (const [a, c, how] of mutations) {
          const parts = containers(answers[a % answers.length]!.body);
          const target = parts[c % parts.length] as Record<string, unknown> | unknown[];
          if (Array.isArray(target)) {
            if (how === "push") target.push({ injected: true });
            else if (how === "clear") target.length = 0;
            else target[0] = "changed";
          } else if (how === "clear") for (const k of Object.keys(target)) delete target[k];
          else target[how === "push" ? "injected" : (Object.keys(target)[0] ?? "x")] = "changed";
        }
        expect(reads.map((p) => send("GET", p))).toEqual(before);
      }),
      { numRuns: 30 },
    );
  });

  it("GEN-8: a write's answer is fresh too: changing the plan's detail changes nothing stored", () => {
    const { send, plan } = world();
    const detail = plan.body as { assignations: unknown[]; state: string };
    detail.assignations.push({ userId: "x" });
    detail.state = "Completed";
    const read = send("GET", "/order/externalId/ORD-1/intervention/INT-1").body as { assignations: unknown[]; state: string };
    expect(read.assignations).toHaveLength(1);
    expect(read.state).toBe("Planned");
  });

  it("NOT-1: effects are frozen, deep down", () => {
    const { plan } = world();
    expect(plan.effects.length).toBeGreaterThan(0);
    for (const part of containers(plan.effects)) expect(Object.isFrozen(part), JSON.stringify(part)).toBe(true);
    const first = plan.effects[0] as unknown as { recipients: unknown[] };
    expect(() => first.recipients.push({ channel: "email", address: "x@y.cz" })).toThrow(TypeError);
  });
});

describe("an internal failure (ERR-2 says it never happens)", () => {
  it("ERR-2: answers a problem-details 500 with an opaque incident ID and tells onInternalError, not the client, what failed", () => {
    const told: [unknown, string][] = [];
    let broken = false;
    const service = createServiceCore({
      fixture: demoFixture,
      now: () => {
        if (broken) throw new Error("clock failure: secret internals");
        return clock();
      },
      onInternalError: (error, incidentId) => told.push([error, incidentId]),
    });
    broken = true;
    const r = service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" } });
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain("secret internals");
    const body = r.body as { name: string; incidentId: string };
    expect(body).toMatchObject({ type: "about:blank", status: 500, name: "InternalServerError", errors: [{ code: "InternalError", path: "" }] });
    expect(told).toHaveLength(1);
    expect(told[0]![1]).toBe(body.incidentId);
    expect(String(told[0]![0])).toContain("secret internals");
    expect(r.effects).toEqual([]);
  });
});
