import type { Fixture, FixtureCatalog, FixtureCompany } from "../service/fixture.js";

/**
 * What the kit's arbitraries need to know about one company of a fixture: the references a
 * valid body may use. Each catalog value is listed twice, by GUID and by slug (GEN-3 lets a
 * body use either); users, materials and stores by GUID.
 */
export interface KitContext {
  /** The company's tenant code (AUTH-1). */
  readonly tenantCode: string;
  /** IANA time zone of the company (GEN-10); `Europe/Prague` when the fixture sets none. */
  readonly timeZone: string;
  /** Whether overlapping allocations are refused (ASN-5). */
  readonly disableCollisions: boolean;
  /** Active users with the role `Technik`: the only ones a plan may assign (ASN-2). */
  readonly technicians: readonly string[];
  /** Deactivated technicians (ASN-2 refuses them). */
  readonly deactivatedTechnicians: readonly string[];
  /** Active users without the role `Technik` (ASN-2 refuses them). */
  readonly nonTechnicians: readonly string[];
  /** Every active user (owners, `availableFor`). */
  readonly users: readonly string[];
  /** GUIDs and slugs of the CustomerCategory catalog. */
  readonly customerCategories: readonly string[];
  /** GUIDs and slugs of the CustomerType catalog. */
  readonly customerTypes: readonly string[];
  /** GUIDs and slugs of the OrderCategory catalog. */
  readonly orderCategories: readonly string[];
  /** GUIDs and slugs of the OrderCustomState catalog. */
  readonly orderCustomStates: readonly string[];
  /** GUIDs and slugs of the InterventionCategory catalog. */
  readonly interventionCategories: readonly string[];
  /** GUIDs and slugs of the InterventionCustomState catalog. */
  readonly interventionCustomStates: readonly string[];
  /** GUIDs and slugs of the MaterialCategory catalog. */
  readonly materialCategories: readonly string[];
  /** GUIDs and slugs of the MaterialSupplier catalog. */
  readonly materialSuppliers: readonly string[];
  /** GUIDs of the MaterialSupplier catalog (the store listing filters take GUIDs only, STO-3). */
  readonly materialSupplierIds: readonly string[];
  /** GUIDs of the MaterialCategory catalog. */
  readonly materialCategoryIds: readonly string[];
  /** GUIDs of the materials. */
  readonly materials: readonly string[];
  /** GUIDs of the stores. */
  readonly stores: readonly string[];
}

/** The references a body may make to one customer: its GUID and its elements' GUIDs or external IDs. */
export interface CustomerRefs {
  /** GUID or external ID of the customer. */
  readonly customerId: string;
  /** Its addresses. */
  readonly addressIds: readonly string[];
  /** Its contact people. */
  readonly contactPersonIds: readonly string[];
  /** Its devices (possibly none). */
  readonly serviceObjectIds: readonly string[];
}

/** Each value by GUID, then by slug. */
const refs = (catalog: FixtureCatalog): string[] => catalog.flatMap((v) => [v.id, v.slug]);

/**
 * Finds the company of `tenantCode` in a fixture.
 * @param fixture - the fixture the server under test was started with
 * @param tenantCode - the company's tenant code
 * @returns the company
 * @throws Error when no company has that tenant code (a broken test set-up)
 * @example
 * companyOf(demoFixture, "teplo").name //=> "Teplo Brno a.s."
 */
export function companyOf(fixture: Fixture, tenantCode: string): FixtureCompany {
  const company = fixture.companies.find((c) => c.tenantCode === tenantCode);
  if (company === undefined) throw new Error(`testing kit: the fixture has no company with the tenant code ${JSON.stringify(tenantCode)}`);
  return company;
}

/**
 * Derives the kit's context of one company from the fixture the server was started with.
 * @param fixture - the fixture of the server under test
 * @param tenantCode - the company the tests log into
 * @returns the references valid bodies may use
 * @throws Error when no company has that tenant code
 * @example
 * const ctx = kitContext(demoFixture, "demo");
 * ctx.technicians //=> ["a0000000-0000-4000-8000-000000000003", "a0000000-0000-4000-8000-000000000004", "a0000000-0000-4000-8000-000000000005"]
 * ctx.orderCategories //=> ["b3000000-0000-4000-8000-000000000001", "oprava", "b3000000-0000-4000-8000-000000000002", "servis", "b3000000-0000-4000-8000-000000000003", "montaz"]
 * ctx.disableCollisions //=> true
 */
export function kitContext(fixture: Fixture, tenantCode: string): KitContext {
  const c = companyOf(fixture, tenantCode);
  const active = c.users.filter((u) => u.deactivated !== true);
  return {
    tenantCode,
    timeZone: c.settings?.timeZone ?? "Europe/Prague",
    disableCollisions: c.settings?.disableCollisions ?? false,
    technicians: active.filter((u) => u.roles.includes("Technik")).map((u) => u.id),
    deactivatedTechnicians: c.users.filter((u) => u.deactivated === true && u.roles.includes("Technik")).map((u) => u.id),
    nonTechnicians: active.filter((u) => !u.roles.includes("Technik")).map((u) => u.id),
    users: active.map((u) => u.id),
    customerCategories: refs(c.catalogs.customerCategories),
    customerTypes: refs(c.catalogs.customerTypes),
    orderCategories: refs(c.catalogs.orderCategories),
    orderCustomStates: refs(c.catalogs.orderCustomStates),
    interventionCategories: refs(c.catalogs.interventionCategories),
    interventionCustomStates: refs(c.catalogs.interventionCustomStates),
    materialCategories: refs(c.catalogs.materialCategories),
    materialSuppliers: refs(c.catalogs.materialSuppliers),
    materialSupplierIds: c.catalogs.materialSuppliers.map((v) => v.id),
    materialCategoryIds: c.catalogs.materialCategories.map((v) => v.id),
    materials: c.materials.map((m) => m.id),
    stores: c.stores.map((s) => s.id),
  };
}

/**
 * The offset of a time zone at an instant, as `+hh:mm` or `-hh:mm`, from the platform's
 * time-zone data (Intl), so the kit does not lean on the library it tests.
 * @param timeZone - IANA name
 * @param instant - epoch milliseconds
 * @returns the offset text
 * @example
 * zoneOffsetText("Europe/Prague", Date.parse("2026-07-01T12:00:00Z")) //=> "+02:00"
 */
export function zoneOffsetText(timeZone: string, instant: number): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-]\d{2}):(\d{2})/.exec(name);
  return m === null ? "+00:00" : `${m[1]}:${m[2]}`;
}

/**
 * A wall-clock time on a day in a time zone as an ISO 8601 date-time with that zone's offset
 * (taken at noon, so it holds between the small hours' DST switches).
 * @param day - `YYYY-MM-DD`
 * @param minute - minutes after local midnight, 0 to 1439
 * @param timeZone - IANA name
 * @returns the date-time text
 * @example
 * wallClock("2026-05-04", 9 * 60 + 30, "Europe/Prague") //=> "2026-05-04T09:30:00+02:00"
 */
export function wallClock(day: string, minute: number, timeZone: string): string {
  const offset = zoneOffsetText(timeZone, Date.parse(`${day}T12:00:00Z`));
  const hh = String(Math.floor(minute / 60)).padStart(2, "0");
  const mm = String(minute % 60).padStart(2, "0");
  return `${day}T${hh}:${mm}:00${offset}`;
}
