import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeSyncCursor, encodeSyncCursor, sameSyncScope, type SyncCursor } from "../../src/sync/cursor.js";
import type { Guid } from "../../src/shared/guid.js";
import type { IsoDate } from "../../src/shared/time.js";

const cursor: fc.Arbitrary<SyncCursor> = fc.record({
  scope: fc.record({
    userId: fc.uuid().map((u) => u as Guid),
    from: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10) as IsoDate),
    to: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10) as IsoDate),
  }),
  kind: fc.constantFrom("m" as const, "p" as const),
  position: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
});

describe("sync cursors", () => {
  it("SYN-3: a cursor reads back as written, in bounded URL-safe text", () => {
    fc.assert(
      fc.property(cursor, (c) => {
        const text = encodeSyncCursor(c);
        expect(text).toMatch(/^[A-Za-z0-9_-]{1,200}$/);
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
});
