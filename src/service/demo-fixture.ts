import type { Fixture, FixtureCompany } from "./fixture.js";

/** Deterministic, readable GUIDs for the demonstration data: `prefix` names the kind, `n` the record. */
function id(prefix: string, n: number): string {
  return `${prefix.padEnd(8, "0")}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

const materialNames: ReadonlyArray<readonly [string, string, string, number | null]> = [
  // name, unit, category slug, price
  ["Šroub M6", "Amounts", "spojovaci", 2.5],
  ["Šroub M8", "Amounts", "spojovaci", 3.2],
  ["Matice M6", "Amounts", "spojovaci", 0.9],
  ["Podložka 6 mm", "Amounts", "spojovaci", 0.35],
  ["Hadice 1/2\"", "Meters", "instalace", 48],
  ["Hadice 3/4\"", "Meters", "instalace", 62.5],
  ["Chladivo R32", "Kilograms", "chlazeni", 890],
  ["Chladivo R410A", "Kilograms", "chlazeni", 1150],
  ["Kabel CYKY 3x1,5", "Meters", "elektro", 27.9],
  ["Kabel CYKY 3x2,5", "Meters", "elektro", 41.5],
  ["Řídicí jednotka RJ-200", "Amounts", "elektro", 5490],
  ["Žárovka LED 9 W", "Amounts", "elektro", 89],
  ["Jistič 16 A", "Amounts", "elektro", 215],
  ["Těsnění 1/2\"", "Amounts", "instalace", 4.5],
  ["Kulový ventil 3/4\"", "Amounts", "instalace", 189],
  ["Čisticí prostředek na výměníky", "Liters", "chlazeni", 320],
  ["Filtr vzduchu F7", "Amounts", "chlazeni", 450],
  ["Izolace potrubí 22 mm", "Meters", "instalace", 35],
  ["Pájka Sn60", "Kilograms", "spojovaci", 1200],
  ["Práce technika", "Hours", "sluzby", 650],
];

/**
 * The demonstration fixture `npm start` serves: two companies, each with an
 * Administrator, a dispatcher and technicians, full catalogs (intervention categories with
 * forms), twenty Czech-named materials and stores with finite and unlimited stock.
 * Credentials: tenant `demo`, client `demo-client`, secret `demo-secret`; tenant `teplo`,
 * client `teplo-client`, secret `teplo-secret`.
 * @example
 * demoFixture.companies.map((c) => c.tenantCode) //=> ["demo", "teplo"]
 */
export const demoFixture: Fixture = {
  companies: [0, 1].map((c): FixtureCompany => {
    const k = c * 1000;
    const catalog = (prefix: string, values: ReadonlyArray<readonly [string, string]>): Array<{ id: string; slug: string; name: string }> =>
      values.map(([slug, name], i) => ({ id: id(prefix, k + i + 1), slug, name }));
    return {
      id: id("c0", c + 1),
      tenantCode: c === 0 ? "demo" : "teplo",
      name: c === 0 ? "Demo Servis s.r.o." : "Teplo Brno a.s.",
      clients: [{ clientId: c === 0 ? "demo-client" : "teplo-client", secret: c === 0 ? "demo-secret" : "teplo-secret" }],
      settings: c === 0
        ? { timeZone: "Europe/Prague", locale: "cs", disableCollisions: true }
        : { timeZone: "Europe/Prague", locale: "cs", disableCollisions: false, notifications: { sms: false } },
      users: [
        { id: id("a0", k + 1), externalId: "admin", name: c === 0 ? "Jana Nováková" : "Petr Svoboda", roles: ["Administrator"] },
        { id: id("a0", k + 2), externalId: "dispecer", name: c === 0 ? "Marie Dvořáková" : "Lucie Černá", roles: ["Dispatcher"] },
        { id: id("a0", k + 3), externalId: "tech-1", name: c === 0 ? "Tomáš Procházka" : "Jiří Veselý", roles: ["Technik"] },
        { id: id("a0", k + 4), externalId: "tech-2", name: c === 0 ? "Lukáš Kučera" : "Martin Horák", roles: ["Technik"] },
        { id: id("a0", k + 5), externalId: "tech-3", name: c === 0 ? "Ondřej Marek" : "Pavel Němec", roles: ["Technik", "Dispatcher"] },
        { id: id("a0", k + 6), externalId: "tech-old", name: c === 0 ? "Karel Pokorný" : "Josef Král", roles: ["Technik"], deactivated: true },
      ],
      catalogs: {
        customerCategories: catalog("b1", [["standard", "Standardní"], ["vip", "VIP"]]),
        customerTypes: catalog("b2", [["firma", "Firma"], ["domacnost", "Domácnost"]]),
        orderCategories: catalog("b3", [["oprava", "Oprava"], ["servis", "Pravidelný servis"], ["montaz", "Montáž"]]),
        orderCustomStates: catalog("b4", [["ceka-na-dil", "Čeká na díl"], ["schvaleno", "Schváleno"]]),
        interventionCategories: [
          { id: id("b5", k + 1), slug: "oprava", name: "Oprava", forms: [{ id: id("b6", k + 1), name: "Protokol o opravě" }] },
          {
            id: id("b5", k + 2), slug: "revize", name: "Revize",
            forms: [{ id: id("b6", k + 2), name: "Revizní zpráva" }, { id: id("b6", k + 3), name: "Předávací protokol" }],
          },
          { id: id("b5", k + 3), slug: "prohlidka", name: "Prohlídka" },
        ],
        interventionCustomStates: catalog("b7", [["potvrzeno", "Potvrzeno zákazníkem"], ["nedostupny", "Zákazník nedostupný"]]),
        materialCategories: catalog("b8", [["spojovaci", "Spojovací materiál"], ["instalace", "Instalace"], ["chlazeni", "Chlazení"], ["elektro", "Elektro"], ["sluzby", "Služby"]]),
        materialSuppliers: catalog("b9", [["ferona", "Ferona a.s."], ["elektro-praha", "Elektro Praha s.r.o."], ["klima-dodavky", "Klima dodávky"]]),
      },
      materials: materialNames.map(([name, unit, category, price], i) => ({
        id: id("d0", k + i + 1),
        externalId: `MAT-${String(i + 1).padStart(3, "0")}`,
        name,
        categoryId: category,
        supplierId: category === "elektro" ? "elektro-praha" : category === "chlazeni" ? "klima-dodavky" : "ferona",
        identificationNumber: `${category.slice(0, 3).toUpperCase()}-${1000 + i}`,
        supplierCode: `S${(7 * i + 11) % 97}`,
        unit,
        ...(price === null ? {} : { price, costPrice: Math.round(price * 70) / 100 }),
      })),
      stores: [
        {
          id: id("e0", k + 1), externalId: "centralni-sklad", name: "Centrální sklad", availableFor: ["tech-1", "tech-2", "tech-3"],
          stock: materialNames.map((m, i) => ({ materialId: `MAT-${String(i + 1).padStart(3, "0")}`, amount: m[1] === "Hours" ? null : 10 * (i + 1) })),
        },
        {
          id: id("e0", k + 2), externalId: "auto-1", name: "Servisní vůz 1", availableFor: ["tech-1"],
          stock: [
            { materialId: "MAT-001", amount: 50 },
            { materialId: "MAT-005", amount: 12.5 },
            { materialId: "MAT-012", amount: 4 },
            { materialId: "MAT-020", amount: null },
          ],
        },
        { id: id("e0", k + 3), externalId: "auto-2", name: "Servisní vůz 2", availableFor: ["tech-2"], stock: [] },
      ],
    };
  }),
};
