import fc from "fast-check";
import type { KitContext } from "../context.js";
import { shortText, withKey } from "./text.js";
import type { Body, NearValid } from "./types.js";

const email = fc.constantFrom("jan@example.cz", "servis@firma.com", "a.b@c.eu");

/**
 * A valid contact person of a customer body (CUS-9) with the given external ID: a last name,
 * optional fields present, left out or `null` (GEN-5).
 * @param externalId - its external ID, unique in its list (CUS-7)
 * @returns an arbitrary of elements
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(contactPersonBody("P1"), { numRuns: 10, seed: 1 }).every((p) => p.externalId === "P1" && typeof p.lastName === "string") //=> true
 */
export function contactPersonBody(externalId: string): fc.Arbitrary<Body> {
  return fc
    .record(
      {
        firstName: fc.option(shortText, { nil: null }),
        lastName: shortText,
        position: fc.option(shortText, { nil: null }),
        email: fc.option(email, { nil: null }),
        phone: fc.option(fc.record({ prefix: fc.constant("+420"), phone: fc.constantFrom("777123456", "602000111") }), { nil: null }),
        sendNotifications: fc.boolean(),
        sendReports: fc.boolean(),
      },
      { requiredKeys: ["lastName"] },
    )
    .map((p) => ({ externalId, ...p }));
}

/**
 * A valid address of a customer body (CUS-10) with the given external ID: a city,
 * coordinates in range when present, optional fields present, left out or `null`.
 * @param externalId - its external ID, unique in its list (CUS-7)
 * @returns an arbitrary of elements
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(addressBody("A1"), { numRuns: 10, seed: 1 }).every((a) => a.externalId === "A1" && typeof a.city === "string") //=> true
 */
export function addressBody(externalId: string): fc.Arbitrary<Body> {
  return fc
    .record(
      {
        street: fc.option(shortText, { nil: null }),
        city: shortText,
        postalCode: fc.option(fc.constantFrom("60200", "11000"), { nil: null }),
        country: fc.option(fc.constant("CZ"), { nil: null }),
        coordinates: fc.option(
          fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) }),
          { nil: null },
        ),
      },
      { requiredKeys: ["city"] },
    )
    .map((a) => ({ externalId, ...a }));
}

/**
 * A valid device of a customer body (CUS-11) with the given external ID, on one of
 * `addressIds` or on none.
 * @param externalId - its external ID, unique in its list (CUS-7)
 * @param addressIds - external IDs of the addresses it may stand at
 * @returns an arbitrary of elements
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(serviceObjectBody("D1", ["A1"]), { numRuns: 10, seed: 1 }).every((d) => d.addressId === undefined || d.addressId === "A1") //=> true
 */
export function serviceObjectBody(externalId: string, addressIds: readonly string[]): fc.Arbitrary<Body> {
  return fc
    .record(
      {
        name: shortText,
        serialNumber: fc.option(shortText, { nil: null }),
        description: fc.option(shortText, { nil: null }),
        ...(addressIds.length === 0 ? {} : { addressId: fc.constantFrom(...addressIds) }),
      },
      { requiredKeys: ["name"] },
    )
    .map((d) => ({ externalId, ...d }));
}

/** `n` elements made by `make`, with external IDs `${prefix}1`, `${prefix}2`, … (unique, CUS-7). */
function elements(prefix: string, min: number, max: number, make: (externalId: string) => fc.Arbitrary<Body>): fc.Arbitrary<Body[]> {
  return fc.integer({ min, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => make(`${prefix}${i + 1}`))));
}

/** Contact people, addresses and devices, each device on one of the addresses or none. */
const nested: fc.Arbitrary<{ contactPeople: Body[]; addresses: Body[]; serviceObjects: Body[] }> = fc
  .record({ contactPeople: elements("P", 1, 3, contactPersonBody), addresses: elements("A", 1, 3, addressBody) })
  .chain(({ contactPeople, addresses }) =>
    elements("D", 0, 2, (externalId) => serviceObjectBody(externalId, addresses.map((a) => a.externalId as string))).map((serviceObjects) => ({ contactPeople, addresses, serviceObjects })),
  );

/**
 * Valid `POST /customer` bodies (CUS-1 to CUS-12): a company or a household with one to
 * three contact people and addresses, devices on those addresses, references to the sent
 * elements, catalog values of the company. No `customData`: a company with a required
 * template (CUS-8) needs its own.
 * @param ctx - the company's references ({@link kitContext})
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * const [body] = fc.sample(customerAddBody(kitContext(demoFixture, "demo")), { numRuns: 1, seed: 7 });
 * body.contactPeople.length >= 1 //=> true
 */
export function customerAddBody(ctx: KitContext): fc.Arbitrary<Body> {
  return fc
    .record({
      kind: fc.constantFrom("Company", "Household", undefined),
      name: shortText,
      categoryId: fc.option(fc.constantFrom(...ctx.customerCategories), { nil: undefined }),
      typeId: fc.option(fc.constantFrom(...ctx.customerTypes), { nil: undefined }),
      identificationNumber: fc.constantFrom("12345678", "CZ-1"),
      taxNumber: fc.option(fc.constant("CZ12345678"), { nil: undefined }),
      website: fc.option(fc.constant("https://example.cz"), { nil: undefined }),
      notificationEmails: fc.option(fc.array(email, { maxLength: 2 }), { nil: undefined }),
      sendByPost: fc.option(fc.boolean(), { nil: undefined }),
      pick: fc.nat(),
      nested,
    })
    .map(({ kind, identificationNumber, taxNumber, pick, nested: n, ...rest }) => {
      const body: Body = { ...n };
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) body[k] = v;
      if (kind !== undefined) body["kind"] = kind;
      const people = n.contactPeople.map((p) => p.externalId as string);
      const places = n.addresses.map((a) => a.externalId as string);
      if (pick % 2 === 0) body["primaryContactPersonId"] = people[pick % people.length];
      if (pick % 3 === 0) body["invoiceAddressId"] = places[pick % places.length];
      if (kind !== "Household") {
        body["identificationNumber"] = identificationNumber;
        if (taxNumber !== undefined) body["taxNumber"] = taxNumber;
        if (pick % 5 === 0) body["contactAddressId"] = places[(pick + 1) % places.length];
      }
      return body;
    });
}

/**
 * Valid `POST /customer/addOrEdit` bodies: a complete customer ({@link customerAddBody}) with
 * no identifier (UPS-1) or an external ID (UPS-2), taken from `externalIds` (an existing
 * customer, edited) or `NEW-…` (created). A household clears the company-only fields with
 * `null`, so the merged customer obeys CUS-4 whatever it was (UPS-8).
 * @param ctx - the company's references
 * @param externalIds - external IDs of customers that exist (possibly none)
 * @returns an arbitrary of bodies
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(customerAddOrEditBody(kitContext(demoFixture, "demo"), ["C-1"]), { numRuns: 20, seed: 1 }).every((b) => typeof b.name === "string") //=> true
 */
export function customerAddOrEditBody(ctx: KitContext, externalIds: readonly string[]): fc.Arbitrary<Body> {
  const key = fc.oneof(fc.constant(undefined), fc.constantFrom(...externalIds, "NEW-1"), fc.nat(9999).map((n) => `NEW-${n}`));
  return fc.tuple(customerAddBody(ctx), key).map(([body, externalId]) => {
    const out: Body = { ...body };
    if (externalId !== undefined) out["externalId"] = externalId;
    if (body["kind"] === "Household") Object.assign(out, { identificationNumber: null, taxNumber: null, contactAddressId: null });
    return out;
  });
}

/**
 * Near-valid `POST /customer` bodies: a valid body with one violation of CUS-1, CUS-2, CUS-3,
 * CUS-4, CUS-6, CUS-7, CUS-9 or CUS-10, and the issue it must produce.
 * @param ctx - the company's references
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * const rules = new Set(fc.sample(nearValidCustomerAdd(kitContext(demoFixture, "demo")), { numRuns: 200, seed: 3 }).map((n) => n.violation.rule));
 * rules.has("CUS-3") //=> true
 */
export function nearValidCustomerAdd(ctx: KitContext): fc.Arbitrary<NearValid<Body>> {
  const company = customerAddBody(ctx).map((b) => withKey(b, "kind", "Company"));
  const any = customerAddBody(ctx);
  return fc.oneof(
    company.map((b) => ({ body: withKey(b, "identificationNumber", undefined), violation: { rule: "CUS-3", path: "identificationNumber", code: "Required" } })),
    company.map((b) => ({ body: withKey(b, "identificationNumber", "  "), violation: { rule: "CUS-3", path: "identificationNumber", code: "Required" } })),
    company.map((b) => ({
      body: { ...withKey(withKey(withKey(b, "identificationNumber", undefined), "contactAddressId", undefined), "kind", "Household"), taxNumber: "CZ1" },
      violation: { rule: "CUS-4", path: "taxNumber", code: "NotAllowed" },
    })),
    any.map((b) => ({ body: withKey(b, "name", undefined), violation: { rule: "CUS-1", path: "name", code: "Required" } })),
    any.map((b) => ({ body: withKey(b, "contactPeople", []), violation: { rule: "CUS-1", path: "contactPeople", code: "TooFew" } })),
    any.map((b) => ({ body: withKey(b, "kind", "Person"), violation: { rule: "CUS-2", path: "kind", code: "InvalidEnum" } })),
    any.map((b) => ({ body: withKey(b, "primaryContactPersonId", "NOBODY"), violation: { rule: "CUS-6", path: "primaryContactPersonId", code: "UnknownReference" } })),
    any.map((b) => {
      const people = b["contactPeople"] as Body[];
      const first = people[0] as Body;
      return {
        body: withKey(b, "contactPeople", [...people, first]),
        violation: { rule: "CUS-7", path: `contactPeople[${people.length}].externalId`, code: "Duplicate" },
      };
    }),
    any.map((b) => ({
      body: withKey(b, "contactPeople", (b["contactPeople"] as Body[]).map((p, i) => (i === 0 ? { ...p, email: "not-an-address" } : p))),
      violation: { rule: "CUS-9", path: "contactPeople[0].email", code: "InvalidEmail" },
    })),
    any.map((b) => ({
      body: withKey(b, "addresses", (b["addresses"] as Body[]).map((a, i) => (i === 0 ? { ...a, coordinates: { latitude: 91, longitude: 0 } } : a))),
      violation: { rule: "CUS-10", path: "addresses[0].coordinates.latitude", code: "OutOfRange" },
    })),
  );
}

/**
 * Near-valid `POST /customer/addOrEdit` bodies that create (no identifier), each with one
 * violation of CUS-1, CUS-3 or CUS-10.
 * @param ctx - the company's references
 * @returns an arbitrary of `{ body, violation }`
 * @example
 * const { default: fc } = await import("fast-check");
 * fc.sample(nearValidCustomerAddOrEdit(kitContext(demoFixture, "demo")), { numRuns: 5, seed: 1 }).every((n) => n.violation.code !== "") //=> true
 */
export function nearValidCustomerAddOrEdit(ctx: KitContext): fc.Arbitrary<NearValid<Body>> {
  const company = customerAddBody(ctx).map((b) => withKey(b, "kind", "Company"));
  return fc.oneof(
    company.map((b) => ({ body: withKey(b, "identificationNumber", null), violation: { rule: "CUS-3", path: "identificationNumber", code: "Required" } })),
    company.map((b) => ({ body: withKey(b, "name", " "), violation: { rule: "CUS-1", path: "name", code: "Blank" } })),
    company.map((b) => ({
      body: withKey(b, "addresses", (b["addresses"] as Body[]).map((a, i) => (i === 0 ? { ...a, coordinates: { latitude: 0, longitude: -181 } } : a))),
      violation: { rule: "CUS-10", path: "addresses[0].coordinates.longitude", code: "OutOfRange" },
    })),
  );
}
