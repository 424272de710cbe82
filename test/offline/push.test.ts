// Pushing the queue (OFF-2) and what counts as a conflict (OFF-3), with a simulated network.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conflictRules, pushQueue } from "../../src/offline/push.js";
import type { OfflineAnswer } from "../../src/offline/answer.js";
import type { QueuedWrite } from "../../src/offline/queue.js";

const ok: OfflineAnswer = { status: 200, issues: [] };
const refusedBy = (...rules: ("ASN-5" | "INT-7" | "STK-5")[]): OfflineAnswer => ({ status: 400, body: {}, issues: rules.map((rule) => ({ code: "InvalidState" as const, path: "", message: "m", rule })) });
const write = (n: number, local: OfflineAnswer = ok): QueuedWrite => ({ key: `key-${n}`, seq: n, operation: "start", method: "PUT", path: `/w/${n}`, local });

describe("pushQueue", () => {
  it("OFF-2: writes go in order with their own keys; a network failure stops the push and keeps that write and the rest; resending delivers each exactly once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 12 }), fc.array(fc.constantFrom("ok", "drop", "lose"), { maxLength: 40 }), async (n, network) => {
        const applied = new Map<string, number>(); // the server: key -> times decided
        const sentKeys: string[] = [];
        let queue = Array.from({ length: n }, (_, i) => write(i + 1));
        let step = 0;
        const send = async (w: QueuedWrite) => {
          sentKeys.push(w.key);
          const fate = network[step++] ?? "ok";
          if (fate === "drop") throw new Error("network down");
          if (!applied.has(w.key)) applied.set(w.key, 1); // the server honours the key (IDM-1)
          if (fate === "lose") throw new Error("answer lost");
          return { answer: ok, replayed: false };
        };
        for (let round = 0; round < 60 && queue.length > 0; round++) {
          const before = queue;
          const out = await pushQueue(before, send, async (key) => {
            queue = queue.filter((w) => w.key !== key);
          });
          expect(out.pushed.map((p) => p.write.key)).toEqual(before.slice(0, out.pushed.length).map((w) => w.key));
          expect(queue).toEqual(before.slice(out.pushed.length));
          expect(out.stopped === undefined).toBe(queue.length === 0);
        }
        expect(queue).toEqual([]);
        expect([...applied.keys()].sort()).toEqual(Array.from({ length: n }, (_, i) => `key-${i + 1}`).sort());
        // Keys are sent in queue order: no key is sent after a later one was answered.
        const firstSeen = [...new Set(sentKeys)];
        expect(firstSeen).toEqual(Array.from({ length: n }, (_, i) => `key-${i + 1}`));
      }),
    );
  });

  it("OFF-3: a refusal of a locally accepted write is a conflict with its rule IDs and both answers; the writes after it are still pushed", async () => {
    const answers = [ok, refusedBy("ASN-5", "ASN-5"), ok];
    let i = 0;
    const out = await pushQueue([write(1), write(2), write(3)], async () => ({ answer: answers[i++]!, replayed: false }), async () => {});
    expect(out.pushed.map((p) => p.server.status)).toEqual([200, 400, 200]);
    expect(out.conflicts).toEqual([{ write: write(2), rules: ["ASN-5"], local: ok, server: answers[1] }]);
  });
});

describe("conflictRules", () => {
  it("OFF-3: only a server refusal of a local success is a conflict; two successes that differ are none", () => {
    expect(conflictRules(ok, refusedBy("INT-7", "STK-5"))).toEqual(["INT-7", "STK-5"]);
    expect(conflictRules(ok, { status: 204, issues: [] })).toBeUndefined();
    expect(conflictRules(refusedBy("INT-7"), refusedBy("INT-7"))).toBeUndefined();
    expect(conflictRules({ status: 204, issues: [] }, { status: 200, body: { other: true }, issues: [] })).toBeUndefined();
    // An issue without a rule ID (a proxy's problem, not the service's) adds none; the boundaries are 400 on both sides.
    expect(conflictRules(ok, { status: 400, issues: [{ code: "InvalidJson", path: "", message: "m" } as never, ...refusedBy("INT-7").issues] })).toEqual(["INT-7"]);
    expect(conflictRules({ status: 399, issues: [] }, { status: 400, issues: [] })).toEqual([]);
    expect(conflictRules({ status: 400, issues: [] }, { status: 500, issues: [] })).toBeUndefined();
    expect(conflictRules(ok, { status: 399, issues: [] })).toBeUndefined();
  });
});
