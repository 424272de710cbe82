import { bench, describe } from "vitest";
import { z } from "zod";
import { parseCustomerAdd } from "../../src/customer/request.js";
import { isStorableText } from "../../src/shared/text.js";

// A ~1 KB customer add body: 2 contact people, 2 addresses, 1 device.
const body = {
  externalId: "CUST-000123",
  name: "Instalatérství Novák a synové s.r.o.",
  kind: "Company",
  categoryId: "retail",
  typeId: "standard",
  identificationNumber: "27074358",
  taxNumber: "CZ27074358",
  website: "https://www.novak-instalaterstvi.cz",
  description: "Long-term customer, prefers morning visits.",
  customData: '{"floor":2,"since":"2019-04-01"}',
  notificationEmails: ["dispecink@novak.cz", "ucetni@novak.cz"],
  sendByPost: false,
  primaryContactPersonId: "P1",
  invoiceAddressId: "A1",
  contactAddressId: "A2",
  contactPeople: [
    { externalId: "P1", firstName: "Jan", lastName: "Novák", position: "Jednatel", phone: { prefix: "+420", phone: "777123456" }, email: "jan.novak@novak.cz", sendNotifications: true, sendReports: true },
    { externalId: "P2", firstName: "Eva", lastName: "Nováková", position: "Účetní", phone: { prefix: "+420", phone: "602987654" }, email: "eva@novak.cz", sendNotifications: false, sendReports: true },
  ],
  addresses: [
    { externalId: "A1", street: "Hlavní 123/45", city: "Brno", postalCode: "60200", country: "CZ", coordinates: { latitude: 49.1951, longitude: 16.6068 } },
    { externalId: "A2", street: "Nádražní 7", city: "Praha 5", postalCode: "15000", country: "CZ", coordinates: { latitude: 50.0755, longitude: 14.4378 } },
  ],
  serviceObjects: [{ externalId: "D1", name: "Kotel Vaillant", serialNumber: "VT-2231-88", description: "Plynový kotel", addressId: "A1" }],
};
if (JSON.stringify(body).length < 1000) throw new Error("bench body should be about 1 KB");

// The equivalent zod 4 schema: same types, required fields, non-blank checks, e-mails,
// coordinate ranges, enums and nullable optionals; unknown keys stripped (ERR-3). Built twice:
// as issue 9 measured it, and with TXT-1 (storable text) on every string, the check the
// hand-written parser has made since issue 21, so the ratio compares equal work.
const plainString = (): z.ZodType<string> => z.string();
function customerSchema(string: () => z.ZodType<string>) {
  const nonBlank = string().refine((s) => s.trim() !== "");
  const email = string === plainString ? z.email() : z.email().refine(isStorableText);
  const opt = <T extends z.ZodType>(t: T) => t.nullish();
  const contactPerson = z.object({
    externalId: opt(nonBlank),
    firstName: opt(string()),
    lastName: opt(string()),
    position: opt(string()),
    phone: opt(z.object({ prefix: string(), phone: nonBlank })),
    email: opt(email),
    sendNotifications: opt(z.boolean()),
    sendReports: opt(z.boolean()),
  });
  const address = z.object({
    externalId: opt(nonBlank),
    street: opt(string()),
    city: opt(string()),
    postalCode: opt(string()),
    country: opt(string()),
    coordinates: opt(z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })),
  });
  const serviceObject = z.object({
    externalId: opt(nonBlank),
    name: opt(nonBlank),
    serialNumber: opt(string()),
    description: opt(string()),
    addressId: opt(nonBlank),
  });
  return z.object({
    externalId: opt(nonBlank),
    name: nonBlank,
    kind: opt(z.enum(["Company", "Household"])),
    categoryId: opt(nonBlank),
    typeId: opt(nonBlank),
    ownerId: opt(nonBlank),
    identificationNumber: opt(string()),
    taxNumber: opt(string()),
    website: opt(string()),
    description: opt(string()),
    customData: opt(string()),
    notificationEmails: opt(z.array(email)),
    sendByPost: opt(z.boolean()),
    primaryContactPersonId: opt(nonBlank),
    invoiceAddressId: opt(nonBlank),
    contactAddressId: opt(nonBlank),
    contactPeople: z.array(contactPerson).min(1),
    addresses: z.array(address).min(1),
    serviceObjects: opt(z.array(serviceObject)),
  });
}
const customerAdd = customerSchema(plainString);
const customerAddStorable = customerSchema(() => z.string().refine(isStorableText));

if (!parseCustomerAdd(body).ok || !customerAdd.safeParse(body).success || !customerAddStorable.safeParse(body).success) throw new Error("both validators must accept the bench body");

// Each iteration validates the body 10 times, so the harness's own timer cost per call
// (a few hundred ns, comparable to one parse) does not blur the ratio. Divide by 10 for one body.
const REPEAT = 10;

describe("customer add body: parse and validate (~1 KB) x10", () => {
  bench("parseCustomerAdd (hand-written)", () => {
    for (let i = 0; i < REPEAT; i++) parseCustomerAdd(body);
  });
  bench("zod 4 safeParse (baseline)", () => {
    for (let i = 0; i < REPEAT; i++) customerAdd.safeParse(body);
  });
  bench("zod 4 safeParse, TXT-1 on every string (equal work)", () => {
    for (let i = 0; i < REPEAT; i++) customerAddStorable.safeParse(body);
  });
});
