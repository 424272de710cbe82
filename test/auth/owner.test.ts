import { describe, expect, it } from "vitest";
import { apiUser } from "../../src/auth/owner.js";
import type { User } from "../../src/auth/user.js";
import { gid } from "../../src/testing/arbitraries/records/fixture.js";

describe("login rules", () => {

  it("AUTH-6: the API user is the first Administrator, whatever else comes before", () => {
    const u = (n: number, roles: User["roles"]): User => ({ id: gid(n), externalId: null, name: `u${n}`, roles, deactivated: false });
    expect(apiUser([u(1, ["Technik"]), u(2, ["Dispatcher", "Administrator"]), u(3, ["Administrator"])])?.id).toBe(gid(2));
    expect(apiUser([u(1, ["Technik"])])).toBeUndefined();
  });
});
