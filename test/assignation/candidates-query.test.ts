// The query of GET …/candidates (issue 36, CND-1): every bad parameter at its name, defaults, bounds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidatesRequestIssues } from "../../src/assignation/candidates.js";
import { parseCandidatesQuery } from "../../src/assignation/candidates-query.js";

describe("parseCandidatesQuery", () => {
  it("CND-1: each bad parameter is reported at its name, all at once", () => {
    const parsed = parseCandidatesQuery(new Map([["duration", "x"], ["from", "25:00"], ["to", "07:60"], ["step", "-5"], ["technicians", "a,,b"], ["limit", "1.5"]]));
    expect(parsed.ok ? [] : parsed.issues.map((i) => `${i.code}@${i.path} ${i.rule}`)).toEqual([
      "Required@day CND-1", "InvalidNumber@duration CND-1", "InvalidText@from CND-1", "InvalidText@to CND-1", "InvalidNumber@step CND-1", "Blank@technicians CND-1", "InvalidNumber@limit CND-1",
    ]);
    const many = parseCandidatesQuery(new Map([["day", "2026-03-10"], ["duration", "30"], ["technicians", Array(101).fill("t").join(",")]]));
    expect(many.ok ? [] : many.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["TooMany@technicians"]);
    const bounds = parseCandidatesQuery(new Map([["day", "2026-03-10"], ["duration", "1441"], ["from", "10:00"], ["to", "10:00"], ["step", "4"], ["limit", "201"]]));
    expect(bounds.ok ? [] : bounds.issues.map((i) => `${i.code}@${i.path}`)).toEqual(["OutOfRange@duration", "OutOfRange@to", "OutOfRange@step", "OutOfRange@limit"]);
  });

  it("CND-1: defaults, 24:00 as the window's end, trimmed technicians", () => {
    const good = parseCandidatesQuery(new Map([["day", "2026-03-10"], ["duration", "30"], ["to", "24:00"], ["technicians", " tech-1 , tech-2"]]));
    expect(good.ok && good.value).toEqual({ day: "2026-03-10", duration: 30, from: null, to: 1440, step: 15, technicians: ["tech-1", "tech-2"], limit: 20 });
    const edge = parseCandidatesQuery(new Map([["day", "2026-03-10"], ["duration", "1440"], ["from", "00:00"], ["to", "23:59"], ["step", "5"], ["limit", "200"]]));
    expect(edge.ok).toBe(true);
  });

  it("CND-1: whatever the parser accepts, the decision's bounds accept too (one home for the bounds)", () => {
    const text = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 2000 }).map(String));
    const time = fc.oneof(fc.constant(undefined), fc.tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`));
    fc.assert(
      fc.property(text, time, time, text, text, (duration, from, to, step, limit) => {
        const q = new Map<string, string>([["day", "2026-03-10"]]);
        for (const [k, v] of [["duration", duration], ["from", from], ["to", to], ["step", step], ["limit", limit]] as const) if (v !== undefined) q.set(k, v);
        const parsed = parseCandidatesQuery(q);
        if (parsed.ok) expect(candidatesRequestIssues(parsed.value)).toEqual([]);
        else for (const i of parsed.issues) expect(i.rule).toBe("CND-1");
      }),
    );
  });
});
