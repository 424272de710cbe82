// Round trips per operation on PostgreSQL (issue 33's targets), counted by the storage itself
// (every statement a request sends passes one counter): a read 1 (its view), a write 2 (its view,
// then its one-statement commit), a refused write 2 (its view, then its journal entry, which JRN-1
// keeps for refusals too), a customer add that reads nothing 1 (its commit: the unique constraint
// guards its external ID; 3 when it refuses one), a repeat answered from its Idempotency-Key 1
// (the view reads the recorded answer; nothing is written). The table these figures make is in docs/embedding.md
// ("Round trips"); this test prints it.
import { afterAll, describe, expect, it } from "vitest";
import { databaseUrl, dropSchemas } from "./support.js";
import { loginBody, scenario, scenarioService } from "./scenario.js";

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

describe.runIf(databaseUrl !== undefined)("round trips per operation on PostgreSQL", () => {
  it("a read is 1 round trip, a write 2 (the view, the one-statement commit), a refusal 2 (the view, its journal entry), a customer add that names no GUID 1 (its commit; 3 when the constraint refuses it: GEN-4), a keyed repeat 1, a login 2 (its failed-login windows, CRD-2, then the token); one statement a round trip", async () => {
    const { service, storage } = await scenarioService(schemas);
    try {
      const counted = async (method: string, path: string, body: unknown, token: string | undefined): Promise<{ status: number; roundTrips: number; statements: number; body: unknown }> => {
        const before = storage.stats();
        const r = await service.handle({ method, path, ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }), ...(body === undefined ? {} : { body }) });
        const after = storage.stats();
        return { status: r.status, roundTrips: after.roundTrips - before.roundTrips, statements: after.statements - before.statements, body: r.body };
      };
      const login = await counted("POST", "/auth/login", loginBody, undefined);
      const token = (login.body as { accessToken: string }).accessToken;
      const rows: string[] = [`| POST /auth/login | ${login.status} | ${login.roundTrips} | ${login.statements} |`];
      expect(login.roundTrips).toBe(2);
      for (const step of scenario) {
        const r = await counted(step.method, step.path, step.body, token);
        rows.push(`| ${step.name} | ${r.status} | ${r.roundTrips} | ${r.statements} |`);
        expect([step.name, r.status]).toEqual([step.name, step.status]);
        const exactly = { read: 1, unread: 1, write: 2, refusal: 2, taken: 3 }[step.kind];
        expect([step.name, r.roundTrips, r.statements]).toEqual([step.name, exactly, exactly]);
      }
      // A write with an Idempotency-Key (IDM-1) and its repeat: the key's claim travels in the
      // commit, the recorded answer in the view.
      const keyed = async (): Promise<{ status: number; roundTrips: number; statements: number }> => {
        const before = storage.stats();
        const r = await service.handle({ method: "POST", path: "/store/externalId/S1/addToStore", headers: { authorization: `Bearer ${token}`, "idempotency-key": "rt-1" }, body: [{ materialId: "M1", amount: 1 }] });
        const after = storage.stats();
        return { status: r.status, roundTrips: after.roundTrips - before.roundTrips, statements: after.statements - before.statements };
      };
      for (const [name, trips] of [["POST /store/{id}/addToStore with an Idempotency-Key", 2], ["the same again (IDM-1: the recorded answer)", 1]] as const) {
        const r = await keyed();
        rows.push(`| ${name} | ${r.status} | ${r.roundTrips} | ${r.statements} |`);
        expect([name, r.status, r.roundTrips]).toEqual([name, 201, trips]);
      }
      console.log(["| operation | status | round trips | statements |", "|---|---|---|---|", ...rows].join("\n"));
    } finally {
      await service.close();
    }
  });
});
