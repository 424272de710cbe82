// localCandidates (issue 36, CND-5): the scope's days only; the query string the client sends.
import { describe, expect, it } from "vitest";
import { candidatesQueryString, localCandidates } from "../../src/offline/candidates.js";
import type { ServiceRequest } from "../../src/service/entry-point.js";

const replica = { scope: { userId: "0d4f0b9e-5c3a-4d52-9a43-4b3b2f3a1c02", from: "2026-05-04", to: "2026-05-06" } } as Parameters<typeof localCandidates>[0];

describe("localCandidates", () => {
  it("CND-5: a day of the scope goes to the local decision with the client's query string; a day outside is 400 at day; a malformed day is the decision's", () => {
    const asked: ServiceRequest[] = [];
    const decide = (r: ServiceRequest) => (asked.push(r), { status: 200, body: { ok: true }, effects: [] });
    for (const d of ["2026-05-04", "2026-05-06", "not-a-day"]) expect(localCandidates(replica, decide, "o/1", "i", { day: d, duration: 60 }).status).toBe(200);
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /order/o%2F1/intervention/i/candidates?day=2026-05-04&duration=60",
      "GET /order/o%2F1/intervention/i/candidates?day=2026-05-06&duration=60",
      "GET /order/o%2F1/intervention/i/candidates?day=not-a-day&duration=60",
    ]);
    for (const d of ["2026-05-03", "2026-05-07"]) {
      const r = localCandidates(replica, decide, "o", "i", { day: d, duration: 60 });
      expect([r.status, (r.body as { errors: { path: string; rule: string; message: string }[] }).errors.map((e) => `${e.path} ${e.rule} ${e.message}`), r.effects]).toEqual([
        400, [`day CND-5 The device holds the slots of 2026-05-04 to 2026-05-06 only; ask the server for ${d} (CND-5).`], [],
      ]);
    }
    expect(asked).toHaveLength(3);
    expect(candidatesQueryString({ day: "2026-05-04", duration: 30, from: "08:00", technicians: ["a", "b"], limit: 3 })).toBe("day=2026-05-04&duration=30&from=08%3A00&technicians=a%2Cb&limit=3");
    // A parameter left undefined (a JavaScript caller) is not sent: the server would read "undefined" as its value.
    expect(candidatesQueryString({ day: "2026-05-04", duration: 30, from: undefined, technicians: undefined } as never)).toBe("day=2026-05-04&duration=30");
  });
});
