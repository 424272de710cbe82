// What a write leaves in the journal and under its key (journal-on-write.ts): the answer's JSON
// text kept only where a database storage asks for it (JSON once, issue 33), and the answer of
// a repeat. Examples on one decided add, built as the service builds it.
import { describe, expect, it } from "vitest";
import { apiRoutes, compileRoutes, createRouter } from "../../src/api/routes.js";
import { loadFixture } from "../../src/service/fixture.js";
import { answerText, journaled, jsonText, NONE, repeated, type Decided } from "../../src/service/journal-on-write.js";
import { routeOf, type Routed } from "../../src/service/routed.js";
import type { ServiceResponse } from "../../src/service/entry-point.js";
import type { CompanyState } from "../../src/service/state.js";
import { testFixture } from "../../src/testing/arbitraries/records/fixture.js";

const company = loadFixture(testFixture())[0] as CompanyState;
const routed = routeOf(createRouter(compileRoutes(apiRoutes)), { method: "POST", path: "/customer", body: { name: "Acme" } }) as Routed;
const write = { clientId: "client", idempotencyKey: "k-1", fingerprint: "f-1", bodyText: '{"name":"Acme"}' };

function decided(body: unknown, result: ServiceResponse): Decided {
  return { result, answer: { status: result.status, ...(body === undefined ? {} : { body }), effects: [] }, changes: undefined, company, routed, at: 5, write, drawn: NONE, found: NONE };
}

describe("the journal entry of a write", () => {
  it("JRN-1: a database storage keeps the answer's JSON text in the entry and for the HTTP reply; the in-memory one keeps neither", () => {
    const body = { id: "00000000-0000-4000-8000-000000000001", name: "Acme" };
    const kept = decided(body, { status: 201, body: { ...body }, effects: [] });
    const onDisk = journaled(kept, true);
    expect(onDisk.journal?.answerText).toBe(JSON.stringify(body));
    expect(answerText(onDisk.result)).toBe(JSON.stringify(body));
    const inMemory = journaled(decided(body, { status: 201, body: { ...body }, effects: [] }), false);
    expect(inMemory.journal).toBeDefined();
    expect(inMemory.journal !== undefined && "answerText" in inMemory.journal).toBe(false);
    expect(answerText(inMemory.result)).toBeUndefined();
  });

  it("JRN-1: an answer without a body has no text, kept or not", () => {
    for (const keep of [true, false]) {
      const out = journaled(decided(undefined, { status: 204, effects: [] }), keep);
      expect(out.journal !== undefined && "answerText" in out.journal).toBe(false);
      expect(answerText(out.result)).toBeUndefined();
    }
  });

  it("JRN-1: the body's text is its JSON; a body JSON cannot write (a BigInt, a cycle) has none, rather than a crash", () => {
    expect(jsonText({ name: "Acme", n: [1, null] })).toBe('{"name":"Acme","n":[1,null]}');
    const cycle: Record<string, unknown> = {};
    cycle["self"] = cycle;
    expect(jsonText({ n: 10n })).toBeUndefined();
    expect(jsonText(cycle)).toBeUndefined();
  });

  it("JRN-1: a read (no write context) has no journal entry", () => {
    const out = journaled({ ...decided({}, { status: 200, body: {}, effects: [] }), write: undefined }, true);
    expect(out).toStrictEqual({ result: out.result, changes: undefined });
  });
});

describe("the answer of a repeat", () => {
  it("IDM-1: the recorded status and body again, replayed, no effects; a dry run's success carries its marker, a dry run's refusal (400 and above) does not", () => {
    const body = { id: "x" };
    expect(repeated({ fingerprint: "f", status: 201, answer: body, dryRun: false }, "f")).toStrictEqual({ status: 201, body, effects: [], headers: { "idempotent-replayed": "true" } });
    expect(repeated({ fingerprint: "f", status: 201, answer: body, dryRun: true }, "f")).toStrictEqual({ status: 201, body, effects: [], headers: { "idempotent-replayed": "true" }, dryRun: true });
    expect(repeated({ fingerprint: "f", status: 399, dryRun: true }, "f")).toStrictEqual({ status: 399, effects: [], headers: { "idempotent-replayed": "true" }, dryRun: true });
    for (const status of [400, 422]) expect(repeated({ fingerprint: "f", status, answer: body, dryRun: true }, "f")).toStrictEqual({ status, body, effects: [], headers: { "idempotent-replayed": "true" } });
    // A body-less answer repeats without one (not with an undefined body).
    expect(repeated({ fingerprint: "f", status: 204, dryRun: false }, "f")).toStrictEqual({ status: 204, effects: [], headers: { "idempotent-replayed": "true" } });
  });

  it("IDM-1: the repeated body is a copy: changing it changes nothing recorded", () => {
    const recorded = { fingerprint: "f", status: 201, answer: { id: "x" }, dryRun: false };
    const first = repeated(recorded, "f") as { body: { id: string } };
    first.body.id = "changed";
    expect(recorded.answer).toEqual({ id: "x" });
  });

  it("IDM-2: another request under the key is 422 IdempotencyKeyReused", () => {
    const out = repeated({ fingerprint: "f", status: 201, dryRun: false }, "g");
    expect(out.status).toBe(422);
    expect(JSON.stringify(out.body)).toContain("IdempotencyKeyReused");
  });
});
