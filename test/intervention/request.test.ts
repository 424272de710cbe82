import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseInterventionCancel, parseInterventionEdit, parseInterventionPlan, parseInterventionReplan, interventionPlanSchema } from "../../src/intervention/request.js";
import { ABSENT } from "../../src/shared/field.js";
import { parseOrderCancel } from "../../src/order/cancel.js";

const body = {
  primaryAssigneeId: "tech-1",
  day: "2026-03-10",
  categoryId: "repair",
  assignations: [{ userId: "tech-1", plannedStart: "2026-03-10T09:00:00+01:00", plannedEnd: "2026-03-10T10:00:00Z" }],
};

describe("request parsers", () => {
  it("INT-1: plan requires primaryAssigneeId, day, assignations, categoryId; every issue at its path", () => {
    const r = parseInterventionPlan({ day: "2026-02-30", assignations: [{ userId: "x", plannedStart: "2026-03-10T09:00:00" }], priority: "Urgent" });
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["Required", "primaryAssigneeId"],
      ["InvalidDate", "day"],
      ["InvalidDateTime", "assignations[0].plannedStart"],
      ["Required", "assignations[0].plannedEnd"],
      ["Required", "categoryId"],
      ["InvalidEnum", "priority"],
    ]);
  });

  it("INT-1, INT-2: a plan body parses; null optional fields count as omitted", () => {
    const r = parseInterventionPlan({ ...body, priority: null, customStateId: null });
    expect(r).toEqual({
      ok: true,
      value: {
        externalId: null,
        primaryAssigneeId: "tech-1",
        day: "2026-03-10",
        assignations: [{ userId: "tech-1", plannedStart: Date.parse("2026-03-10T08:00:00Z"), plannedEnd: Date.parse("2026-03-10T10:00:00Z") }],
        categoryId: "repair",
        customStateId: null,
        priority: null,
        internalNote: null,
        sendNotificationNow: false,
        sendReminderOneDayBefore: false,
      },
    });
    expect(interventionPlanSchema["~standard"].validate({})).toMatchObject({ issues: expect.any(Array) });
  });

  it("INT-3: replan keeps omitted fields as ABSENT, null clears customStateId, null priority is Required", () => {
    const r = parseInterventionReplan({ ...body, customStateId: null });
    expect(r.ok && [r.value.customStateId, r.value.priority, r.value.internalNote]).toEqual([null, ABSENT, ABSENT]);
    const bad = parseInterventionReplan({ ...body, priority: null });
    expect(bad.ok ? [] : bad.issues.map((i) => [i.code, i.path])).toEqual([["Required", "priority"]]);
  });

  it("INT-4: edit refuses day, categoryId, primaryAssigneeId, assignations with UseReplan, and null on ownerId, priority, sendByPost", () => {
    const r = parseInterventionEdit({ day: null, categoryId: "x", primaryAssigneeId: "y", assignations: [], ownerId: null, priority: null, sendByPost: null, internalNote: null });
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([
      ["UseReplan", "day"],
      ["UseReplan", "categoryId"],
      ["UseReplan", "primaryAssigneeId"],
      ["UseReplan", "assignations"],
      ["Required", "ownerId"],
      ["Required", "priority"],
      ["Required", "sendByPost"],
    ]);
    expect(parseInterventionEdit({ internalNote: null, unknown: 1 })).toEqual({
      ok: true,
      value: { customStateId: ABSENT, ownerId: ABSENT, priority: ABSENT, internalNote: null, sendByPost: ABSENT },
    });
  });

  it("INT-5, ORD-11: cancel bodies take an optional reason and sendNotificationToCustomer", () => {
    expect(parseInterventionCancel({})).toEqual({ ok: true, value: { reason: null, sendNotificationToCustomer: false } });
    expect(parseOrderCancel({ reason: "r", sendNotificationToCustomer: true })).toEqual({ ok: true, value: { reason: "r", sendNotificationToCustomer: true } });
    const bad = parseOrderCancel({ sendNotificationToCustomer: "yes" });
    expect(bad.ok ? [] : bad.issues.map((i) => [i.code, i.path])).toEqual([["InvalidType", "sendNotificationToCustomer"]]);
  });

  it("every parser is total on arbitrary JSON (never throws)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ day: fc.jsonValue(), assignations: fc.jsonValue(), priority: fc.jsonValue() })), (v) => {
        for (const p of [parseInterventionPlan, parseInterventionReplan, parseInterventionEdit, parseInterventionCancel, parseOrderCancel]) {
          const r = p(v);
          expect(typeof r.ok).toBe("boolean");
        }
      }),
    );
  });

  const parsers = { parseInterventionPlan, parseInterventionReplan, parseInterventionEdit, parseInterventionCancel, parseOrderCancel };
  const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

  it("ERR-3: a body that is not a JSON object is one InvalidType at the root, for every parser", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.string(), fc.double(), fc.boolean(), fc.constant(null)), (v) => {
        for (const parse of Object.values(parsers)) {
          expect(parse(v)).toEqual({ ok: false, issues: [{ code: "InvalidType", path: "", message: `Expected an object, got ${typeName(v)}.`, rule: "ERR-2" }] });
        }
      }),
    );
  });

  // One wrongly typed value per field, on an otherwise valid body: the issue names that field alone.
  const wrong: Record<string, Record<string, unknown>> = {
    parseInterventionPlan: { primaryAssigneeId: 5, day: "x", assignations: {}, categoryId: [], sendNotificationNow: "yes", sendReminderOneDayBefore: 1, externalId: 7, customStateId: true, priority: "Urgent", internalNote: 3 },
    parseInterventionReplan: { primaryAssigneeId: 5, day: "x", assignations: {}, categoryId: [], sendNotificationNow: "yes", sendReminderOneDayBefore: 1, externalId: 7, customStateId: true, priority: "Urgent", internalNote: 3 },
    parseInterventionEdit: { customStateId: 1, ownerId: false, priority: "Soon", internalNote: {}, sendByPost: "no" },
    parseInterventionCancel: { reason: 1, sendNotificationToCustomer: "no" },
    parseOrderCancel: { reason: [], sendNotificationToCustomer: 0 },
  };
  const validBody: Record<string, object> = { parseInterventionPlan: body, parseInterventionReplan: body, parseInterventionEdit: {}, parseInterventionCancel: {}, parseOrderCancel: {} };

  it("INT-1, INT-3, INT-4, INT-5, GEN-6: a wrongly typed field is reported at its own path, every field of every parser", () => {
    for (const [name, fields] of Object.entries(wrong)) {
      const parse = parsers[name as keyof typeof parsers];
      for (const [field, value] of Object.entries(fields)) {
        const r = parse({ ...validBody[name], [field]: value });
        expect([name, field, r.ok ? [] : r.issues.map((i) => i.path)]).toEqual([name, field, [field]]);
      }
    }
  });

  it("INT-1, INT-3, INT-4: every optional field sent is carried into the command under its name", () => {
    const extra = { externalId: "E-9", customStateId: "on-hold", priority: "Low", internalNote: "ring twice", sendNotificationNow: true, sendReminderOneDayBefore: true };
    for (const parse of [parseInterventionPlan, parseInterventionReplan]) {
      const r = parse({ ...body, ...extra });
      expect(r.ok && r.value).toMatchObject({ ...extra, categoryId: "repair", primaryAssigneeId: "tech-1", day: "2026-03-10" });
    }
    const edit = { customStateId: "on-hold", ownerId: "tech-2", priority: "High", internalNote: "n", sendByPost: true };
    expect(parseInterventionEdit(edit)).toEqual({ ok: true, value: edit });
  });

  it("INT-4: UseReplan names the field in its message", () => {
    const r = parseInterventionEdit({ categoryId: "visit" });
    expect(r).toEqual({ ok: false, issues: [{ code: "UseReplan", path: "categoryId", message: "categoryId changes only through Replan (INT-4).", rule: "INT-4" }] });
  });
});
