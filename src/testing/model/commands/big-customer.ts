// A large input: the run's big customer, add-or-edit with hundreds of nested elements (UPS-6).
import fc from "fast-check";
import { Disagreement, readJson, same, type Model, type Real } from "../state.js";

/** Add-or-edit of the run's big customer with `n` of each nested element; nothing is deleted (UPS-6), so it holds the most ever sent. */
export class BigCustomer implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly n: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const n = this.n;
    const reply = await r.send("POST", "/customer/addOrEdit", {
      externalId: m.bigKey, name: "Velký zákazník", identificationNumber: "1",
      contactPeople: Array.from({ length: n }, (_, k) => ({ externalId: `p${k}`, lastName: `L${k}` })),
      addresses: Array.from({ length: n }, (_, k) => ({ externalId: `a${k}`, city: "Brno" })),
      serviceObjects: Array.from({ length: n }, (_, k) => ({ externalId: `d${k}`, name: "Kotel", addressId: `a${k}` })),
    });
    if (reply.status !== 204) throw new Disagreement(`${this}: expected status 204, got ${reply.status} ${JSON.stringify(reply.body)}`);
    m.bigCustomer = Math.max(m.bigCustomer, n);
    const real = (await readJson(r.send, `/customer/externalId/${encodeURIComponent(m.bigKey)}`)) as { contactPeople: unknown[]; addresses: unknown[]; serviceObjects: unknown[] };
    same([real.contactPeople.length, real.addresses.length, real.serviceObjects.length], [m.bigCustomer, m.bigCustomer, m.bigCustomer], `${this}: nested elements (UPS-6)`);
  }
  toString(): string {
    return `big customer ${this.n}`;
  }
}

/** Draws the big customer's add-or-edit with 200 to 500 of each nested element. */
export const bigCustomerCmd: fc.Arbitrary<BigCustomer> = fc.integer({ min: 200, max: 500 }).map((n) => new BigCustomer(n));
