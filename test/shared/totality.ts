// Totality of a parser (GEN-9 and the JSON boundary): on hostile JSON it never throws, never
// pollutes Object.prototype, and every issue's path is well formed. The values come from the
// record arbitraries (src/testing/arbitraries/records/customer.ts); the assertions are vitest's.
import fc from "fast-check";
import { expect } from "vitest";
import type { Result } from "../../src/shared/issue.js";
import { deepFreeze, hostileJson } from "../../src/testing/arbitraries/records/customer.js";

const PATH = /^(|[A-Za-z_$][\w$]*(\[\d+\])*(\.[A-Za-z_$][\w$]*(\[\d+\])*)*|\[\d+\](\.[A-Za-z_$][\w$]*|\[\d+\])*)$/;

/** Checks totality: never throws, never pollutes Object.prototype, issue paths well formed. */
export function checkTotal(parse: (v: unknown) => Result<unknown>): void {
  fc.assert(
    fc.property(hostileJson, (value) => {
      const r = parse(deepFreeze(value));
      expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
      if (!r.ok) for (const i of r.issues) expect(i.path).toMatch(PATH);
    }),
    { numRuns: 300 },
  );
}

