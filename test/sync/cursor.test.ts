import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeSyncCursor, encodeSyncCursor, sameSyncScope, syncCursorMark, syncCursorServes, type SyncCursor } from "../../src/sync/cursor.js";
import type { Guid } from "../../src/shared/guid.js";
import type { IsoDate } from "../../src/shared/time.js";

const whole = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String);
const plain: fc.Arbitrary<SyncCursor> = fc.record({
  scope: fc.record({
    userId: fc.uuid().map((u) => u as Guid),
    from: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10) as IsoDate),
    to: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10) as IsoDate),
  }),
  kind: fc.constantFrom("m" as const, "p" as const),
  position: whole,
});
// A PostgreSQL cursor may name its history: the cluster, and the newest journal entry its pull saw.
const history = fc.oneof(whole, fc.tuple(whole, whole, whole).map((parts) => parts.join(".")));
const cursor: fc.Arbitrary<SyncCursor> = fc.oneof(plain, fc.tuple(plain, history).map(([c, h]) => ({ ...c, kind: "p" as const, history: h })));

describe("sync cursors", () => {
  it("SYN-3: a cursor reads back as written, in bounded URL-safe text", () => {
    fc.assert(
      fc.property(cursor, (c) => {
        const text = encodeSyncCursor(c);
        expect(text).toMatch(/^[A-Za-z0-9_-]{1,300}$/);
        expect(decodeSyncCursor(text)).toEqual(c);
        expect(sameSyncScope(decodeSyncCursor(text)!, c.scope)).toBe(true);
      }),
    );
  });

  it("SYN-3: anything else is no cursor, never a throw", () => {
    fc.assert(fc.property(fc.string({ maxLength: 600 }), (text) => {
      const c = decodeSyncCursor(text);
      if (c !== undefined) expect(encodeSyncCursor(c)).toBe(text.replace(/=+$/, ""));
    }));
    expect(decodeSyncCursor(btoa(JSON.stringify({ u: "x", f: "2026-01-01", t: "2026-01-01", k: "m", p: "1" })))).toBeUndefined();
    expect(decodeSyncCursor(btoa(JSON.stringify({ u: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", f: "2026-01-01", t: "2026-01-01", k: "m", p: "-1" })).replace(/=+$/, ""))).toBeUndefined();
  });

  it("SYN-3: another technician or other days are another scope", () => {
    fc.assert(fc.property(cursor, cursor, (a, b) => {
      const same = a.scope.userId === b.scope.userId && a.scope.from === b.scope.from && a.scope.to === b.scope.to;
      expect(sameSyncScope(a, b.scope)).toBe(same);
    }));
  });

  it("SYN-4: no position beyond 2^64 - 1 and no malformed or misplaced history is a cursor", () => {
    const base = { u: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", f: "2026-01-01", t: "2026-01-01" };
    const text = (fields: Record<string, unknown>): string => btoa(JSON.stringify({ ...base, ...fields })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect(decodeSyncCursor(text({ k: "p", p: "18446744073709551615" }))?.position).toBe("18446744073709551615");
    expect(decodeSyncCursor(text({ k: "p", p: "18446744073709551616" }))).toBeUndefined();
    expect(decodeSyncCursor(text({ k: "m", p: "99999999999999999999" }))).toBeUndefined();
    expect(decodeSyncCursor(text({ k: "p", p: "1", h: "77.5.790" }))?.history).toBe("77.5.790");
    expect(decodeSyncCursor(text({ k: "p", p: "1", h: "77" }))?.history).toBe("77");
    for (const h of ["", "77.5", "77..790", "077", "a", 77, null, "77.5.790.1"]) expect(decodeSyncCursor(text({ k: "p", p: "1", h })), JSON.stringify(h)).toBeUndefined();
    // Memory cursors name no history.
    expect(decodeSyncCursor(text({ k: "m", p: "1", h: "77" }))).toBeUndefined();
  });

  it("SYN-4: a cursor is served incrementally exactly when its storage reached its position in the same history", () => {
    fc.assert(fc.property(plain, whole, fc.boolean(), fc.boolean(), fc.boolean(), (c, here, sameCluster, markHeld, named) => {
      const memory = { ...c, kind: "m" as const };
      expect(syncCursorServes(memory, { kind: "m", position: here })).toBe(BigInt(c.position) <= BigInt(here));
      expect(syncCursorServes(memory, { kind: "p", position: here, cluster: "1", markHeld: true })).toBe(false);
      const onPg = { ...c, kind: "p" as const, ...(named ? { history: "77.5.790" } : {}) };
      const served = syncCursorServes(onPg, { kind: "p", position: here, cluster: sameCluster ? "77" : "78", markHeld });
      expect(served).toBe(named && sameCluster && markHeld && BigInt(c.position) <= BigInt(here));
    }));
    const scope = { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" as Guid, from: "2026-01-01" as IsoDate, to: "2026-01-01" as IsoDate };
    // The boundary: the position the storage stands at is served; one past it is from the future.
    expect(syncCursorServes({ scope, kind: "m", position: "9" }, { kind: "m", position: "9" })).toBe(true);
    expect(syncCursorServes({ scope, kind: "m", position: "10" }, { kind: "m", position: "9" })).toBe(false);
    expect(syncCursorServes({ scope, kind: "p", position: "18446744073709551615", history: "77" }, { kind: "p", position: "900", cluster: "77", markHeld: true })).toBe(false);
    expect(syncCursorMark({ scope, kind: "p", position: "1", history: "77.5.790" })).toEqual({ seq: "5", xact: "790" });
    expect(syncCursorMark({ scope, kind: "p", position: "1", history: "77" })).toBeUndefined();
    expect(syncCursorMark({ scope, kind: "m", position: "1" })).toBeUndefined();
  });

  it("SYN-1, SYN-3: each part of a cursor is checked on its own; a text the service did not write is no cursor, never a throw", () => {
    const b64url = (json: unknown): string => btoa(JSON.stringify(json)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const good = { u: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", f: "2026-01-01", t: "2026-01-02", k: "p", p: "7" };
    expect(decodeSyncCursor(b64url(good))).toEqual({ scope: { userId: good.u, from: good.f, to: good.t }, kind: "p", position: "7" });
    // One bad part at a time: the user, either day, the kind, the position's type and its digits.
    for (const bad of [{ u: "nobody" }, { u: 7 }, { f: "2026-02-30" }, { t: "x" }, { k: "q" }, { p: 7 }, { p: "12abc" }, { p: "07" }, { p: "" }]) {
      expect(decodeSyncCursor(b64url({ ...good, ...bad })), JSON.stringify(bad)).toBeUndefined();
    }
    for (const json of [null, 7, "text", [good]]) expect(decodeSyncCursor(b64url(json)), JSON.stringify(json)).toBeUndefined();
    // The URL-safe alphabet only, as a whole: white space around a cursor (which atob would skip) is refused.
    expect(decodeSyncCursor(` ${b64url(good)}`)).toBeUndefined();
    expect(decodeSyncCursor(`${b64url(good)} `)).toBeUndefined();
    expect(decodeSyncCursor(`${b64url(good)}=`)).toBeUndefined();
    // A cursor whose base64 has the two URL-safe letters (an extra key of ">" and "?" gives "+" and "/"): "-" and "_" are read back.
    const padded = { x: ">>>???>>>???", ...good };
    const text = b64url(padded);
    expect(text).toMatch(/-/);
    expect(text).toMatch(/_/);
    expect(decodeSyncCursor(text)?.position).toBe("7");
    // At most 512 characters: exactly 512 is read, 513 is not.
    const filler = (n: number): string => {
      for (let k = 0; k < 600; k++) {
        const t = b64url({ ...good, x: "a".repeat(k) });
        if (t.length >= n) return t;
      }
      throw new Error("no filler");
    };
    const at512 = filler(512);
    expect(at512).toHaveLength(512);
    expect(decodeSyncCursor(at512)?.position).toBe("7");
    const long = filler(513);
    expect(long.length).toBeGreaterThan(512);
    expect(decodeSyncCursor(long)).toBeUndefined();
  });

  it("SYN-4: a PostgreSQL cursor without history is never served, whatever the storage reports; a history without its entry's transaction names no mark", () => {
    const scope = { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301" as Guid, from: "2026-01-01" as IsoDate, to: "2026-01-01" as IsoDate };
    expect(syncCursorServes({ scope, kind: "p", position: "1" }, { kind: "p", position: "9", markHeld: true })).toBe(false);
    expect(syncCursorServes({ scope, kind: "p", position: "1", history: "77" }, { kind: "p", position: "9", cluster: "77", markHeld: true })).toBe(true);
    expect(syncCursorMark({ scope, kind: "p", position: "1", history: "77.5" })).toBeUndefined();
  });
});
