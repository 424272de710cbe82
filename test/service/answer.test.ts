// The answers the service writes itself (src/service/answer.ts): a body copy that never aliases
// the state it came from, effects frozen in place, a refusal with no effects (ERR-1), and what a
// storage's rejection answers: 400 (GEN-4), 503 with Retry-After, or an opaque 500 (ERR-2).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyJson, failedAnswer, freezeEffects, internalAnswer, refused, RETRY_AFTER_SECONDS, type FailureListeners } from "../../src/service/answer.js";
import { issue } from "../../src/shared/issue.js";
import { DuplicateExternalIdError, StorageSetupError, StorageUnavailableError } from "../../src/service/storage.js";
import type { Effect } from "../../src/notification/effect.js";

/** Listeners that remember what they were told. */
function listening(): FailureListeners & { internal: [unknown, string][]; unavailable: unknown[] } {
  const internal: [unknown, string][] = [];
  const unavailable: unknown[] = [];
  return { internal, unavailable, onInternalError: (e, id) => internal.push([e, id]), onUnavailable: (e) => unavailable.push(e) };
}

describe("copyJson", () => {
  it("copies any JSON value deeply: equal, and sharing no object with the original", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const copy = copyJson(value);
      expect(copy).toStrictEqual(value);
      const originals = new Set<unknown>();
      const walk = (v: unknown, into: Set<unknown>): void => {
        if (typeof v !== "object" || v === null) return;
        into.add(v);
        for (const x of Object.values(v)) walk(x, into);
      };
      walk(value, originals);
      const copies = new Set<unknown>();
      walk(copy, copies);
      for (const c of copies) expect(originals.has(c)).toBe(false);
    }));
  });

  it("keeps a `__proto__` key as an own field, not a prototype", () => {
    const value = JSON.parse('{"__proto__":{"a":1}}') as unknown;
    const copy = copyJson(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(copy).toStrictEqual(value);
  });
});

describe("freezeEffects", () => {
  it("freezes the list, each effect and what they hold, shared parts once", () => {
    const shared = { to: ["a@example.com"] };
    const effects = [{ kind: "x", recipients: shared }, { kind: "y", recipients: shared }] as unknown as Effect[];
    expect(freezeEffects(effects)).toBe(effects);
    expect(Object.isFrozen(effects)).toBe(true);
    expect(Object.isFrozen(effects[0])).toBe(true);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared.to)).toBe(true);
  });
});

describe("refused and failedAnswer", () => {
  it("ERR-1: a refusal answers every issue in one problem body and no effects", () => {
    const r = refused([issue("NotFound", "", "GEN-2", "no"), issue("InvalidText", "a", "GEN-5", "bad")]);
    expect(r.status).toBe(404);
    expect(r.effects).toEqual([]);
    expect((r.body as { errors: unknown[] }).errors).toHaveLength(2);
  });

  it("GEN-4: an external ID a unique constraint refused again is a 400 at the field's path", () => {
    const l = listening();
    const r = failedAnswer(new DuplicateExternalIdError("externalId", "taken"), l);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("GEN-4");
    expect(l.internal).toEqual([]);
    expect(l.unavailable).toEqual([]);
  });

  it("a storage that cannot serve, or a schema it must not serve, is 503 with Retry-After, told to onUnavailable", () => {
    for (const error of [new StorageUnavailableError("down"), new StorageSetupError("schema")]) {
      const l = listening();
      const r = failedAnswer(error, l);
      expect(r.status).toBe(503);
      expect(r.headers).toEqual({ "retry-after": String(RETRY_AFTER_SECONDS) });
      expect(l.unavailable).toEqual([error]);
      expect(JSON.stringify(r.body)).not.toContain("schema");
    }
  });

  it("ERR-2: anything else is a 500 whose incident ID the listener is told, without the error's text; a throwing listener changes nothing", () => {
    const l = listening();
    const r = failedAnswer(new Error("secret detail"), l);
    expect(r.status).toBe(500);
    const body = r.body as { incidentId: string };
    expect(l.internal).toEqual([[new Error("secret detail"), body.incidentId]]);
    expect(JSON.stringify(r.body)).not.toContain("secret detail");
    const throwing: FailureListeners = { onInternalError: () => { throw new Error("log down"); }, onUnavailable: () => { throw new Error("log down"); } };
    expect(internalAnswer(new Error("x"), throwing).status).toBe(500);
    expect(failedAnswer(new StorageUnavailableError("down"), throwing).status).toBe(503);
  });
});
