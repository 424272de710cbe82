import { describe, expect, it } from "vitest";
import { bearer, loginAs, seed, testService } from "./support.js";

const customerBody = (externalId: string, name: string | null) => ({
  externalId, name, identificationNumber: "123",
  contactPeople: [{ externalId: "cp", lastName: "Nová" }],
  addresses: [{ externalId: "a", city: "Brno" }],
});

describe("GEN-8: requests that commit nothing leave the ID sequence as it was", () => {
  it("GEN-8: a dry run answers the GUID the real write then gets", () => {
    const service = testService();
    const headers = bearer(loginAs(service, 0));
    const dry = service.handle({ method: "POST", path: "/customer?dryRun=true", headers, body: customerBody("C-1", "Alfa") });
    const real = service.handle({ method: "POST", path: "/customer", headers, body: customerBody("C-1", "Alfa") });
    expect(dry.status).toBe(201);
    expect(real.body).toEqual(dry.body);
  });

  it("GEN-8: a refused write draws no GUID: the next created record gets the one it would have had", () => {
    const plain = testService();
    const withRefusal = testService();
    const h1 = bearer(loginAs(plain, 0));
    const h2 = bearer(loginAs(withRefusal, 0));
    seed(plain, 0);
    seed(withRefusal, 0);
    // Well-formed, so the decision runs and draws GUIDs; refused there (unknown category, GEN-3).
    const refused = withRefusal.handle({ method: "POST", path: "/customer", headers: h2, body: { ...customerBody("C-2", "Gama"), categoryId: "no-such-category" } });
    expect(refused.status).toBe(400);
    const a = plain.handle({ method: "POST", path: "/customer", headers: h1, body: customerBody("C-3", "Beta") });
    const b = withRefusal.handle({ method: "POST", path: "/customer", headers: h2, body: customerBody("C-3", "Beta") });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
  });
});
