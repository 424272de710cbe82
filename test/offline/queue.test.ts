// The in-memory queue store: the default of the offline client.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryQueueStore, type QueuedWrite } from "../../src/offline/queue.js";

const write = (key: string, seq: number): QueuedWrite => ({ key, seq, operation: "start", method: "PUT", path: `/p/${key}`, local: { status: 200, issues: [] } });

describe("memoryQueueStore", () => {
  it("OFF-2: writes come back in ascending seq whatever the order they were put in, a put with a known key replaces, a remove forgets", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 20 }), fc.nat(), async (seqs, pick) => {
        const store = memoryQueueStore();
        for (const s of seqs) await store.put(write(`k${s}`, s));
        const gone = seqs[pick % seqs.length]!;
        await store.remove(`k${gone}`);
        await store.put({ ...write(`k${seqs[0]}`, seqs[0]!), local: { status: 204, issues: [] } });
        const out = await store.writes();
        const expected = seqs.filter((s) => s !== gone || s === seqs[0]).sort((a, b) => a - b);
        expect(out.map((w) => w.seq)).toEqual(expected);
        expect(out.filter((w) => w.local.status === 204).map((w) => w.seq)).toEqual([seqs[0]]);
      }),
    );
  });

  it("OFF-5: the replica saved last is the one read back", async () => {
    const store = memoryQueueStore();
    expect(await store.replica()).toBeUndefined();
    await store.saveReplica({ cursor: "a" } as never);
    await store.saveReplica({ cursor: "b" } as never);
    expect((await store.replica())?.cursor).toBe("b");
  });
});
