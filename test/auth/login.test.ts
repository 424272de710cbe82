import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCredentials, login, parseLoginRequest } from "../../src/auth/login.js";
import { digestSecrets } from "../../src/auth/secret.js";
import { gid } from "../../src/testing/arbitraries/records/fixture.js";

const hasher = digestSecrets();

describe("login rules", () => {
  const company = { id: gid(1), tenantCode: "acme", name: "ACME", clients: [{ clientId: "a", secretHash: hasher.hash("x") }, { clientId: "b", secretHash: hasher.hash("y") }] };

  it("AUTH-1: the three fields are required strings, all reported", () => {
    expect(parseLoginRequest({ tenantCode: "acme", clientId: "a", secret: "x" })).toEqual({ ok: true, value: { tenantCode: "acme", clientId: "a", secret: "x" } });
    const r = parseLoginRequest({ tenantCode: [], clientId: 2 });
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toEqual(["tenantCode", "clientId", "secret"]);
    fc.assert(fc.property(fc.anything(), (body) => { parseLoginRequest(body); }));
  });

  it("AUTH-1: credentials match exactly one client of the tenant", () => {
    expect(checkCredentials([company], { tenantCode: "acme", clientId: "b", secret: "y" }, hasher.verify)).toBe(company);
    expect(checkCredentials([company], { tenantCode: "acme", clientId: "a", secret: "y" }, hasher.verify)).toBeUndefined();
    expect(checkCredentials([company], { tenantCode: "acme", clientId: "a", secret: "x " }, hasher.verify)).toBeUndefined();
    expect(checkCredentials([company], { tenantCode: "Acme", clientId: "a", secret: "x" }, hasher.verify)).toBeUndefined();
  });
});

describe("login refusals", () => {
  it("AUTH-1, ERR-3: a body that is not an object is InvalidType at the root; wrong credentials are one WrongCredentials at the root", () => {
    expect(parseLoginRequest([])).toEqual({ ok: false, issues: [{ code: "InvalidType", path: "", message: "Expected an object, got array.", rule: "ERR-2" }] });
    const r = login([], { tenantCode: "a", clientId: "b", secret: "c" }, 0, () => "t", hasher.verify);
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.path])).toEqual([["WrongCredentials", ""]]);
  });
});
