import type { ServiceResponse } from "../../src/service/entry-point.js";
import type { Fixture, FixtureCompany } from "../../src/service/fixture.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";
import { bearer, loginAs, makeService, type Clock, type TestService } from "./support.js";

/**
 * A service like `testService` (same GUID and token counters) over the test fixture after
 * `tweak` changed company A (settings, an external ID for store 2, …), on the adapter under test.
 */
export function serviceWith(tweak: (a: FixtureCompany) => void = () => {}, clock: Clock = { t: Date.parse("2026-05-01T08:00:00Z") }): TestService & { clock: Clock } {
  const fixture: Fixture = testFixture();
  tweak(fixture.companies[0]!);
  let n = 0;
  let tok = 0;
  const core = makeService({
    fixture,
    now: () => new Date(clock.t),
    newId: () => `00000000-0000-4000-9000-${(++n).toString(16).padStart(12, "0")}`,
    newToken: () => `tok-${++tok}`,
  });
  return Object.assign(core, { clock });
}

/** Sends requests as company `c` (0 = A) with a fresh token. */
export async function client(service: Pick<TestService, "handle">, c = 0): Promise<(method: string, path: string, body?: unknown) => Promise<ServiceResponse>> {
  const token = await loginAs(service, c);
  return async (method, path, body) =>
    service.handle(body === undefined ? { method, path, headers: bearer(token) } : { method, path, headers: bearer(token), body });
}

/** The issue codes of a problem body, in order. */
export const codesOf = (r: ServiceResponse): string[] => ((r.body as { errors?: { code: string }[] } | undefined)?.errors ?? []).map((e) => e.code);
