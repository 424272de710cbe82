import fc from "fast-check";
import { wallClock, type KitContext } from "../context.js";
import { shortText, withKey } from "./text.js";
import type { Body, NearValid } from "./types.js";

const priority = fc.constantFrom("Low", "Normal", "High");

/** One to three distinct technicians, each with one range inside 07:00–22:00 of `day`. */
function assignations(ctx: KitContext, day: string): fc.Arbitrary<Body[]> {
  const range = fc.tuple(fc.integer({ min: 7 * 4, max: 20 * 4 }), fc.integer({ min: 1, max: 8 })).map(([q, len]) => [q * 15, (q + len) * 15] as const);
  return fc
    .uniqueArray(fc.constantFrom(...ctx.technicians), { minLength: 1, maxLength: Math.min(3, ctx.technicians.length) })
    .chain((techs) => fc.tuple(...techs.map((userId) => range.map(([s, e]) => ({ userId, plannedStart: wallClock(day, s, ctx.timeZone), plannedEnd: wallClock(day, e, ctx.timeZone) })))));
}

/**
 * Valid `POST /order/{id}/PlanIntervention` bodies for an open order (INT-1, INT-2, ASN-1 to
 * ASN-4): one to three active technicians, the main one among them, each with one range on
 * `day` in the company's time zone. Valid under ASN-5 only on a day on which those
 * technicians hold nothing else. The same bodies are valid replans (INT-3).
 * @param ctx - the company's references
 * @param day - `YYYY-MM-DD`
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * const [body] = fc.sample(planBody(kitContext(demoFixture, "demo"), "2026-05-04"), { numRuns: 1, seed: 4 });
 * body.assignations.some((a) => a.userId === body.primaryAssigneeId) //=> true
 */
export function planBody(ctx: KitContext, day: string): fc.Arbitrary<Body> {
  return fc
    .tuple(
      assignations(ctx, day),
      fc.nat(),
      fc.constantFrom(...ctx.interventionCategories),
      fc.record(
        {
          priority,
          internalNote: shortText,
          ...(ctx.interventionCustomStates.length === 0 ? {} : { customStateId: fc.constantFrom(...ctx.interventionCustomStates) }),
          sendNotificationNow: fc.boolean(),
          sendReminderOneDayBefore: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([list, k, categoryId, opt]) => ({ primaryAssigneeId: (list[k % list.length] as Body)["userId"], day, categoryId, assignations: list, ...opt }));
}

/**
 * Valid `PUT /order/{id}/intervention/{id}` bodies (INT-4): any of `customStateId`,
 * `ownerId`, `priority`, `internalNote`, `sendByPost`, with `null` where it deletes.
 * @param ctx - the company's references
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(interventionEditBody(kitContext(demoFixture, "demo")), { numRuns: 20, seed: 1 }).every((b) => !("day" in b)) //=> true
 */
export function interventionEditBody(ctx: KitContext): fc.Arbitrary<Body> {
  return fc.record(
    {
      ...(ctx.interventionCustomStates.length === 0 ? {} : { customStateId: fc.option(fc.constantFrom(...ctx.interventionCustomStates), { nil: null }) }),
      ownerId: fc.constantFrom(...ctx.users),
      priority,
      internalNote: fc.option(shortText, { nil: null }),
      sendByPost: fc.boolean(),
    },
    { requiredKeys: [] },
  );
}

/**
 * Valid `PUT …/Cancel` bodies of an intervention (INT-5).
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(interventionCancelBody(), { numRuns: 5, seed: 1 }).length //=> 5
 */
export function interventionCancelBody(): fc.Arbitrary<Body> {
  return fc.record({ reason: shortText, sendNotificationToCustomer: fc.boolean() }, { requiredKeys: [] });
}

const at = (b: Body, i: number): Body => (b["assignations"] as Body[])[i] as Body;
const withAssignation = (b: Body, i: number, a: Body): Body => withKey(b, "assignations", (b["assignations"] as Body[]).map((x, k) => (k === i ? a : x)));

/**
 * Near-valid plan (and replan) bodies: one violation of INT-1, ASN-1, ASN-2, ASN-3, ASN-4 or
 * GEN-6, for an open order (and a `Planned` intervention) on a day the technicians hold free.
 * @param ctx - the company's references
 * @param day - `YYYY-MM-DD`
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidPlan(kitContext(demoFixture, "demo"), "2026-05-04"), { numRuns: 100, seed: 5 }).some((n) => n.violation.rule === "ASN-4") //=> true
 */
export function nearValidPlan(ctx: KitContext, day: string): fc.Arbitrary<NearValid<Body>> {
  const valid = planBody(ctx, day);
  const pickOne = fc.tuple(valid, fc.nat()).map(([b, k]) => [b, k % (b["assignations"] as Body[]).length] as const);
  const cases: Array<fc.Arbitrary<NearValid<Body>>> = [
    fc.tuple(valid, fc.constantFrom("day", "categoryId", "primaryAssigneeId", "assignations")).map(([b, key]) => ({ body: withKey(b, key, undefined), violation: { rule: "INT-1", path: key, code: "Required" } })),
    valid.map((b) => ({ body: withKey(b, "assignations", []), violation: { rule: "ASN-1", path: "assignations", code: "TooFew" } })),
    pickOne.map(([b, i]) => {
      const a = at(b, i);
      return { body: withAssignation(b, i, { ...a, plannedEnd: a["plannedStart"] }), violation: { rule: "ASN-4", path: `assignations[${i}].plannedEnd`, code: "StartNotBeforeEnd" } };
    }),
    pickOne.map(([b, i]) => {
      const a = at(b, i);
      return { body: withAssignation(b, i, { ...a, plannedEnd: wallClock(nextDay(day), 60, ctx.timeZone) }), violation: { rule: "ASN-4", path: `assignations[${i}].plannedEnd`, code: "OutsideDay" } };
    }),
    pickOne.map(([b, i]) => {
      const a = at(b, i);
      return { body: withAssignation(b, i, { ...a, plannedStart: (a["plannedStart"] as string).slice(0, 19) }), violation: { rule: "GEN-6", path: `assignations[${i}].plannedStart`, code: "InvalidDateTime" } };
    }),
    pickOne.map(([b, i]) => {
      const list = b["assignations"] as Body[];
      return { body: withKey(b, "assignations", [...list, at(b, i)]), violation: { rule: "ASN-3", path: `assignations[${list.length}].userId`, code: "Duplicate" } };
    }),
  ];
  if (ctx.technicians.length > 1) {
    cases.push(
      valid
        .filter((b) => (b["assignations"] as Body[]).length < ctx.technicians.length)
        .map((b) => {
          const used = new Set((b["assignations"] as Body[]).map((a) => a["userId"]));
          const other = ctx.technicians.find((t) => !used.has(t)) as string;
          return { body: withKey(b, "primaryAssigneeId", other), violation: { rule: "ASN-1", path: "primaryAssigneeId", code: "PrimaryNotAssigned" } };
        }),
    );
  }
  for (const [users, code] of [[ctx.nonTechnicians, "NotTechnician"], [ctx.deactivatedTechnicians, "Deactivated"]] as const) {
    if (users.length === 0) continue;
    cases.push(
      fc.tuple(valid, fc.constantFrom(...users)).map(([b, userId]) => {
        const list = b["assignations"] as Body[];
        const a = list[0] as Body;
        return { body: withKey(b, "assignations", [...list, { ...a, userId }]), violation: { rule: "ASN-2", path: `assignations[${list.length}].userId`, code } };
      }),
    );
  }
  return fc.oneof(...cases);
}

/**
 * Near-valid `PUT /order/{id}/intervention/{id}` bodies: a field that only a replan may
 * change (INT-4 `UseReplan`), `null` on a field that cannot be deleted, an unknown priority.
 * @param ctx - the company's references
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidInterventionEdit(kitContext(demoFixture, "demo")), { numRuns: 50, seed: 1 }).some((n) => n.violation.code === "UseReplan") //=> true
 */
export function nearValidInterventionEdit(ctx: KitContext): fc.Arbitrary<NearValid<Body>> {
  const valid = interventionEditBody(ctx);
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom("day", "categoryId", "primaryAssigneeId", "assignations")).map(([b, key]) => ({
      body: withKey(b, key, key === "assignations" ? [] : key === "day" ? "2026-05-04" : "x"),
      violation: { rule: "INT-4", path: key, code: "UseReplan" },
    })),
    fc.tuple(valid, fc.constantFrom("ownerId", "priority", "sendByPost")).map(([b, key]) => ({ body: withKey(b, key, null), violation: { rule: "INT-4", path: key, code: "Required" } })),
    valid.map((b) => ({ body: withKey(b, "priority", "Critical"), violation: { rule: "ORD-4", path: "priority", code: "InvalidEnum" } })),
  );
}

/**
 * Near-valid intervention cancel bodies: a field of the wrong type (INT-5).
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidInterventionCancel(), { numRuns: 3, seed: 1 }).every((n) => n.violation.rule === "INT-5") //=> true
 */
export function nearValidInterventionCancel(): fc.Arbitrary<NearValid<Body>> {
  return fc.constantFrom(1, true, ["x"]).map((reason) => ({ body: { reason }, violation: { rule: "INT-5", path: "reason", code: "InvalidType" } }));
}

/** The calendar day after `day`. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
