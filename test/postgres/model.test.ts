// The model-based run of the service (the testing kit's suite) against the PostgreSQL storage.
import { afterAll, describe, expect, it } from "vitest";
import { createFieldService } from "../../src/service/create.js";
import type { Fixture } from "../../src/service/fixture.js";
import { runModelSuite } from "../../src/testing/model/run.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { databaseUrl, dropSchemas, schemaName, testStorage } from "./support.js";

const alpha = { tenantCode: "alpha", clientId: "client", secret: "secret-a" };
const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

function fixtureWith(disableCollisions: boolean): Fixture {
  const fixture = testFixture();
  const a = fixture.companies[0]!;
  a.settings = { ...a.settings, disableCollisions };
  return fixture;
}

describe.runIf(databaseUrl !== undefined)("model-based runs on PostgreSQL", () => {
  for (const disableCollisions of [true, false]) {
    it(`GEN-8, ASN-5, INT-5, INT-7, ORD-11, ORD-13, STK-2, STK-3, STK-4, STK-5, STK-6: random plans, replans, cancels, lifecycle moves and stock batches agree with a simple model on PostgreSQL (collisions ${disableCollisions ? "disabled" : "allowed"})`, async () => {
      const fixture = fixtureWith(disableCollisions);
      const schema = schemaName("model");
      schemas.push(schema);
      const service = createFieldService({ fixture, storage: testStorage(schema) });
      try {
        await service.ready();
        const report = await runModelSuite(service, { fixture, credentials: alpha, numRuns: 5, maxCommands: 40, firstDay: "2031-02-01" });
        expect(report.numRuns).toBe(5);
      } finally {
        await service.close();
      }
    }, 120_000);
  }
});
