// The client's Idempotency-Key (IDM-1): one fresh key per write call, the same key on that call's
// retry after a re-login, a key of the caller's choosing, none when asked; reads send none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type FetchLike } from "../../src/client/index.js";
import { demo, startServer, type Started } from "./support.js";

let server: Started;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Sent { path: string; key: string | null; status: number; replayed: string | null }

/** A fetch that records each request's key and answer; `drop` strips the token from the first write (the server answers 401). */
function recording(sent: Sent[], drop = false): FetchLike {
  let dropped = false;
  return async (url, init) => {
    const headers = new Headers(init?.headers);
    if (drop && !dropped && headers.has("idempotency-key")) {
      dropped = true;
      headers.delete("authorization");
    }
    const response = await fetch(url, { ...init, headers });
    sent.push({ path: new URL(url).pathname, key: headers.get("idempotency-key"), status: response.status, replayed: response.headers.get("idempotent-replayed") });
    return response;
  };
}

const store = { externalId: "centralni-sklad" };

describe("the client's idempotency keys", () => {
  it("IDM-1: every write call sends a fresh UUID key; a read sends none", async () => {
    const sent: Sent[] = [];
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recording(sent) });
    await c.addToStore(store, [{ materialId: "MAT-001", amount: 1 }]);
    await c.addToStore(store, [{ materialId: "MAT-001", amount: 1 }]);
    await c.readStore(store, { page: 1, pageSize: 1 });
    const writes = sent.filter((s) => s.path.endsWith("/addToStore"));
    expect(writes).toHaveLength(2);
    for (const w of writes) expect(w.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(writes[0]!.key).not.toBe(writes[1]!.key);
    expect(sent.filter((s) => !s.path.endsWith("/addToStore")).map((s) => s.key)).toEqual([null, null]);
  });

  it("IDM-1: the retry after a re-login carries the call's key", async () => {
    const sent: Sent[] = [];
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recording(sent, true) });
    await c.addToStore(store, [{ materialId: "MAT-001", amount: 1 }]);
    const writes = sent.filter((s) => s.path.endsWith("/addToStore"));
    expect(writes.map((w) => w.status)).toEqual([401, 201]);
    expect(writes[0]!.key).not.toBeNull();
    expect(writes[1]!.key).toBe(writes[0]!.key);
  });

  it("IDM-1: a key of the caller's choosing, sent again after a lost answer, is answered from the record; `false` sends none", async () => {
    const sent: Sent[] = [];
    const c = createClient({ baseUrl: server.baseUrl, ...demo, fetch: recording(sent) });
    const first = await c.addToStore(store, [{ materialId: "MAT-002", amount: 3 }], { idempotencyKey: "client-retry-1" });
    const again = await c.addToStore(store, [{ materialId: "MAT-002", amount: 3 }], { idempotencyKey: "client-retry-1" });
    expect(again).toEqual(first);
    await c.addToStore(store, [{ materialId: "MAT-002", amount: 3 }], { idempotencyKey: false });
    expect(sent.filter((s) => s.path.endsWith("/addToStore")).map((s) => [s.key, s.replayed])).toEqual([["client-retry-1", null], ["client-retry-1", "true"], [null, null]]);
  });
});
