import { describe, expect, it } from "vitest";
import type { ServiceResponse } from "../../../src/service/entry-point.js";
import { ids } from "../../../src/testing/arbitraries/records/fixture.js";
import { company, customerCount, seed, snapshot, previewOf } from "../support.js";
import { client, codesOf, serviceWith } from "../wiring-support.js";

const A = ids(0);
/** The GUIDs `serviceWith` hands out, in order. */
const newGuid = (n: number): string => `00000000-0000-4000-9000-${n.toString(16).padStart(12, "0")}`;

const companyBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: "Teplo s.r.o.",
  identificationNumber: "27074358",
  contactPeople: [{ externalId: "cp-1", firstName: "Eva", lastName: "Malá", email: "eva@teplo.cz" }, { externalId: "cp-2", lastName: "Dvořák" }],
  addresses: [{ externalId: "adr-1", street: "Husova 5", city: "Brno" }, { externalId: "adr-2", city: "Olomouc" }],
  serviceObjects: [{ externalId: "dev-1", name: "Kotel", addressId: "adr-2" }],
  ...extra,
});

async function setup() {
  const s = serviceWith();
  const seeded = await seed(s, 0);
  const send = await client(s, 0);
  const state = company(s, 0);
  const read = async (path: string): Promise<Record<string, unknown>> => {
    const r = await send("GET", path);
    expect(r.status, path).toBe(200);
    return r.body as Record<string, unknown>;
  };
  return { s, seeded, send, state, read };
}

/** Sends a refused write and checks it changed nothing (GEN-8) and carries no effects. */
async function refusedUnchanged(env: Awaited<ReturnType<typeof setup>>, method: string, path: string, body: unknown): Promise<ServiceResponse> {
  const before = await snapshot(env.state);
  const r = await env.send(method, path, body);
  expect(r.status).toBe(400);
  expect(r.effects).toEqual([]);
  expect(await snapshot(env.state)).toEqual(before);
  return r;
}

describe("POST /customer", () => {
  it("CUS-1, CUS-5: a valid add answers 201 with the new GUID, and the read shows the defaults", async () => {
    const env = await setup();
    const r = await env.send("POST", "/customer", companyBody({ externalId: "C-NEW" }));
    expect(r).toEqual({ status: 201, body: { id: newGuid(1) }, effects: [] });
    const c = await env.read(`/customer/${newGuid(1)}`);
    expect(c).toMatchObject({
      id: newGuid(1), externalId: "C-NEW", name: "Teplo s.r.o.", kind: "Company",
      categoryId: A.category(1), typeId: A.category(2), ownerId: A.admin,
      notificationEmails: [], sendByPost: false,
    });
    const people = c.contactPeople as { id: string }[];
    const addresses = c.addresses as { id: string }[];
    expect(c.primaryContactPersonId).toBe(people[0]!.id);
    expect(c.invoiceAddressId).toBe(addresses[0]!.id);
    expect(c.contactAddressId).toBe(addresses[0]!.id);
    expect((c.serviceObjects as { addressId: string }[])[0]!.addressId).toBe(addresses[1]!.id);
    // GEN-2: the external-ID twin of the read finds the same customer.
    expect(await env.read("/customer/externalId/C-NEW")).toEqual(c);
  });

  it("CUS-1, GEN-9, GEN-8: a body missing its required parts lists every issue and changes nothing", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "POST", "/customer", { contactPeople: [], addresses: [{ city: "Brno" }] });
    expect(r.body).toMatchObject({ name: "BadRequest", errors: [{ code: "Required", path: "name" }, { code: "TooFew", path: "contactPeople" }] });
  });

  it("CUS-3: a company without identification number is refused", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "POST", "/customer", companyBody({ identificationNumber: undefined }));
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain("identificationNumber");
  });

  it("CUS-2, CUS-4: a household with a tax number or a contact address is refused; without them it is added", async () => {
    const env = await setup();
    const household = companyBody({ kind: "Household", identificationNumber: null });
    const r = await refusedUnchanged(env, "POST", "/customer", { ...household, taxNumber: "CZ123", contactAddressId: "adr-2" });
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(["contactAddressId", "taxNumber"]);
    const ok = await env.send("POST", "/customer", household);
    expect(ok.status).toBe(201);
    expect(await env.read(`/customer/${(ok.body as { id: string }).id}`)).toMatchObject({ kind: "Household", contactAddressId: null, identificationNumber: null });
  });

  it("CUS-6, CUS-7: references name nested elements by external ID; an unknown one or a duplicate nested external ID is refused", async () => {
    const env = await setup();
    const ok = await env.send("POST", "/customer", companyBody({ primaryContactPersonId: "cp-2", invoiceAddressId: "adr-2" }));
    expect(ok.status).toBe(201);
    const c = await env.read(`/customer/${(ok.body as { id: string }).id}`);
    expect(c.primaryContactPersonId).toBe((c.contactPeople as { id: string }[])[1]!.id);
    const unknown = await refusedUnchanged(env, "POST", "/customer", companyBody({ primaryContactPersonId: "cp-9" }));
    expect(codesOf(unknown)).toContain("UnknownReference");
    const dup = companyBody();
    (dup.addresses as { externalId: string }[])[1]!.externalId = "adr-1";
    const r = await refusedUnchanged(env, "POST", "/customer", dup);
    expect((r.body as { errors: unknown[] }).errors).toContainEqual(expect.objectContaining({ code: "Duplicate", path: "addresses[1].externalId" }));
  });

  it("CUS-8: customData must be JSON text", async () => {
    const env = await setup();
    expect(codesOf(await refusedUnchanged(env, "POST", "/customer", companyBody({ customData: "{not json" })))).toHaveLength(1);
    expect((await env.send("POST", "/customer", companyBody({ customData: '{"floor":3}' }))).status).toBe(201);
  });

  it("CUS-9, CUS-10: a nameless contact person and an address without street or city are refused together", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "POST", "/customer", companyBody({ contactPeople: [{ position: "boss" }], addresses: [{ postalCode: "60200" }] }));
    const paths = (r.body as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["contactPeople[0].lastName", "addresses[0].city"]));
  });

  it("CUS-12, CUS-9: notification e-mails and contact e-mails must be e-mail addresses", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "POST", "/customer", companyBody({ notificationEmails: ["not-an-email"], contactPeople: [{ lastName: "X", email: "@" }] }));
    expect(codesOf(r)).toEqual(["InvalidEmail", "InvalidEmail"]);
  });

  it("GEN-4: a second customer with the same external ID is refused", async () => {
    const env = await setup();
    expect(codesOf(await refusedUnchanged(env, "POST", "/customer", companyBody({ externalId: "CUST-1" })))).toContain("DuplicateExternalId");
  });

  it("GEN-8: dryRun=true answers exactly as the write would and commits nothing", async () => {
    const dry = await setup();
    const real = await setup();
    const before = await snapshot(dry.state);
    const d = await dry.send("POST", "/customer?dryRun=true", companyBody());
    const w = await real.send("POST", "/customer", companyBody());
    expect(d).toEqual(previewOf(w));
    expect(await snapshot(dry.state)).toEqual(before);
    expect((await dry.send("GET", `/customer/${newGuid(1)}`)).status).toBe(404);
    // A refused dry run answers the same 400 as the refused write.
    expect(await dry.send("POST", "/customer?dryRun=true", { name: "" })).toEqual(previewOf(await real.send("POST", "/customer", { name: "" })));
  });
});

describe("POST /customer/addOrEdit", () => {
  it("UPS-2, UPS-9: an unknown external ID creates (204), the same external ID then edits (204)", async () => {
    const env = await setup();
    expect(await env.send("POST", "/customer/addOrEdit", companyBody({ externalId: "U-1" }))).toEqual({ status: 204, effects: [] });
    const created = await env.read("/customer/externalId/U-1");
    expect(await env.send("POST", "/customer/addOrEdit", { externalId: "U-1", name: "Teplo a.s." })).toEqual({ status: 204, effects: [] });
    expect(await env.read("/customer/externalId/U-1")).toEqual({ ...created, name: "Teplo a.s." });
  });

  it("UPS-1: neither identifier always creates a new customer", async () => {
    const env = await setup();
    expect((await env.send("POST", "/customer/addOrEdit", companyBody())).status).toBe(204);
    expect((await env.send("POST", "/customer/addOrEdit", companyBody())).status).toBe(204);
    expect(await customerCount(env.state)).toBe(3);
  });

  it("UPS-4: only an id edits that customer; an unknown id is 400 UnknownReference and changes nothing", async () => {
    const env = await setup();
    const { customer } = env.seeded;
    expect((await env.send("POST", "/customer/addOrEdit", { id: customer.id.toUpperCase(), name: customer.name, website: "https://teplo.cz" })).status).toBe(204);
    expect((await env.read(`/customer/${customer.id}`)).website).toBe("https://teplo.cz");
    expect(codesOf(await refusedUnchanged(env, "POST", "/customer/addOrEdit", { id: newGuid(99), name: "X" }))).toEqual(["UnknownReference"]);
  });

  it("UPS-3: id and externalId must name one customer; the external ID cannot be set or changed", async () => {
    const env = await setup();
    const { customer } = env.seeded;
    expect((await env.send("POST", "/customer/addOrEdit", { id: customer.id, externalId: "CUST-1", name: "Same" })).status).toBe(204);
    expect(codesOf(await refusedUnchanged(env, "POST", "/customer/addOrEdit", { id: customer.id, externalId: "OTHER", name: "X" }))).toEqual(["IdMismatch"]);
  });

  it("UPS-5, UPS-7: omitted fields stay, null clears an optional one, and defaults do not apply on edit", async () => {
    const env = await setup();
    const { customer } = env.seeded;
    const before = await env.read(`/customer/${customer.id}`);
    expect((await env.send("POST", "/customer/addOrEdit", { externalId: "CUST-1", name: customer.name, website: "https://a.cz", description: "x" })).status).toBe(204);
    expect((await env.send("POST", "/customer/addOrEdit", { externalId: "CUST-1", name: customer.name, description: null })).status).toBe(204);
    expect(await env.read(`/customer/${customer.id}`)).toEqual({ ...before, website: "https://a.cz", description: null });
  });

  it("UPS-6: nested elements matching by external ID are patched, others added, none deleted", async () => {
    const env = await setup();
    const { customer } = env.seeded;
    expect((await env.send("POST", "/customer/addOrEdit", { externalId: "CUST-1", name: customer.name, contactPeople: [{ externalId: "cp1", position: "Jednatel" }, { externalId: "cp-new", lastName: "Nová" }] })).status).toBe(204);
    const people = (await env.read(`/customer/${customer.id}`)).contactPeople as { externalId: string; lastName: string; position: string | null }[];
    expect(people.map((p) => [p.externalId, p.lastName, p.position])).toEqual([["cp1", "Novák", "Jednatel"], ["cp-new", "Nová", null]]);
  });

  it("UPS-8: the kind rules hold after the merge: turning a company with an identification number into a household is refused", async () => {
    const env = await setup();
    const r = await refusedUnchanged(env, "POST", "/customer/addOrEdit", { externalId: "CUST-1", name: "Domácnost", kind: "Household" });
    expect((r.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain("identificationNumber");
  });

  it("GEN-8: a dry-run add-or-edit answers 204 and changes nothing", async () => {
    const env = await setup();
    const before = await snapshot(env.state);
    expect(await env.send("POST", "/customer/addOrEdit?dryRun=TRUE", { externalId: "CUST-1", name: "Dry" })).toEqual({ status: 204, effects: [], dryRun: true });
    expect(await snapshot(env.state)).toEqual(before);
  });
});
