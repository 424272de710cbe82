// Addresses as the merge leaves them (CUS-10, UPS-6), and the coordinate ranges of CUS-10.
import { beforeEach, describe, expect, it } from "vitest";
import { mergeAddresses } from "../../src/customer/addresses.js";
import type { Customer } from "../../src/customer/customer.js";
import { provisionalIds } from "../../src/customer/provisional-ids.js";
import { parseCustomerAdd } from "../../src/customer/request.js";
import type { AddressInput } from "../../src/customer/request.js";
import { ABSENT } from "../../src/shared/field.js";
import type { Issue } from "../../src/shared/issue.js";
import { companyBody, customerContext } from "../../src/testing/arbitraries/records/customer.js";
import { acmeCustomer, add, issues, upsert, value } from "./support.js";

let acme: Customer;
beforeEach(() => {
  acme = acmeCustomer();
});

const sent = (fields: Partial<AddressInput>): AddressInput => ({
  id: ABSENT, externalId: ABSENT, street: ABSENT, city: ABSENT, postalCode: ABSENT, country: ABSENT, coordinates: ABSENT,
  ...fields,
});

describe("mergeAddresses (CUS-10)", () => {
  it("CUS-10: an address with neither street nor city is refused at its city", () => {
    expect(issues(add(companyBody({ addresses: [{ city: "Brno" }, { postalCode: "60200", street: "" }] })))).toEqual([
      { code: "Required", path: "addresses[1].city", message: "An address needs a non-blank street or city (CUS-10).", rule: "CUS-10" },
    ]);
  });

  it("CUS-10: the check is on the address as merged: clearing the only place of an address is refused, clearing the city beside a street is not", () => {
    expect(issues(upsert({ id: acme.id, name: acme.name, addresses: [{ externalId: "A1", city: null }] }, [acme])).map((i) => `${i.code}@${i.path}`)).toEqual(["Required@addresses[0].city"]);
    const moved = value(upsert({ id: acme.id, name: acme.name, addresses: [{ externalId: "A1", street: "Hlavní 1", city: null }] }, [acme]));
    expect(moved.addresses[0]).toMatchObject({ externalId: "A1", street: "Hlavní 1", city: null });
  });

  it("CUS-10: called directly, an edited address keeps what is left out and a new one starts empty", () => {
    const found: Issue[] = [];
    const merged = mergeAddresses(acme.addresses, [sent({ externalId: "A2", street: "Dlouhá 2" }), sent({ city: "Ostrava", country: "CZ" })], provisionalIds(customerContext([acme]).customers), found);
    expect(found).toEqual([]);
    expect(merged.elements.map((a) => [a.externalId, a.street, a.city, a.country])).toEqual([
      ["A1", null, "Brno", null],
      ["A2", "Dlouhá 2", "Praha", null],
      [null, null, "Ostrava", "CZ"],
    ]);
  });

  it("CUS-10: coordinates are accepted on the closed ranges [-90, 90] and [-180, 180], refused just outside", () => {
    const body = (latitude: number, longitude: number) => companyBody({ addresses: [{ city: "X", coordinates: { latitude, longitude } }] });
    for (const [lat, lon] of [[-90, -180], [90, 180], [0, 0]] as const) expect(parseCustomerAdd(body(lat, lon)).ok).toBe(true);
    for (const [lat, lon, path] of [[-90.000001, 0, "latitude"], [90.000001, 0, "latitude"], [0, -180.000001, "longitude"], [0, 180.000001, "longitude"]] as const) {
      const r = parseCustomerAdd(body(lat, lon));
      expect(r.ok ? [] : r.issues.map((i) => `${i.code}@${i.path}`)).toEqual([`OutOfRange@addresses[0].coordinates.${path}`]);
    }
  });
});
