/**
 * The company configuration of a fixture (docs/service.md "Fixture"): settings, users, catalogs
 * and clients, in the fixture's JSON form. Types only, below every folder that reads them: the
 * service loads them (`src/service/fixture.ts` re-exports them) and a sync answer carries them.
 */

/** A catalog value in the fixture (GEN-3: addressed by GUID or slug). */
export interface FixtureCatalogValue {
  /** GUID. */
  id: string;
  /** Unique key within the catalog. */
  slug: string;
  /** Display name. */
  name: string;
}

/** A catalog in the fixture: values in order (CUS-5 takes the first). */
export type FixtureCatalog = Array<FixtureCatalogValue>;

/** A form of an intervention category (INT-6: one report document per form). */
export interface FixtureForm {
  /** GUID. */
  id: string;
  /** Display name. */
  name: string;
}

/** An intervention category with its forms. */
export interface FixtureInterventionCategory extends FixtureCatalogValue {
  /** Forms filled in on site; default none. */
  forms?: Array<FixtureForm>;
}

/** One key of a custom-data template (CUS-8). */
export interface FixtureTemplateField {
  /** Property name. */
  key: string;
  /** JSON type of its value (`date`: a `YYYY-MM-DD` string). */
  type: "string" | "number" | "boolean" | "date";
  /** Whether the key must be present; default `false`. */
  required?: boolean;
}

/** A custom-data template in the fixture (CUS-8). */
export type FixtureTemplate = Array<FixtureTemplateField>;

/** An integration client (AUTH-1) with its secret in plain text (hashed when seeded) or as a stored form (CRD-1): one of the two. */
export type FixtureClient = FixturePlainClient | FixtureHashedClient;

/** An integration client whose secret the fixture gives in plain text: the service hashes it when seeding and keeps only the hash (CRD-1). */
export interface FixturePlainClient {
  /** Client ID (acts as user name). */
  clientId: string;
  /** Secret key (acts as password). */
  secret: string;
  /** Absent: the secret is given in plain text. */
  secretHash?: undefined;
}

/** An integration client whose secret the fixture gives already hashed (CRD-1). */
export interface FixtureHashedClient {
  /** Client ID (acts as user name). */
  clientId: string;
  /** Absent: the secret is given hashed. */
  secret?: undefined;
  /** The stored form of the secret key: `scrypt$N$r$p$salt$hash`, salt and key base64url without padding (docs/decisions.md "Secrets at rest"). */
  secretHash: string;
}

/** Company settings; each has a default. */
export interface FixtureSettings {
  /** "Zakázat kolize" (ASN-5); default `false`. */
  disableCollisions?: boolean;
  /** IANA time zone (GEN-10); default `Europe/Prague`. */
  timeZone?: string;
  /** Collation locale (STO-5); default `cs`. */
  locale?: string;
  /** Global channel switches (NOT-4); default both on. */
  notifications?: {
    /** E-mail channel; default `true`. */
    email?: boolean;
    /** SMS channel; default `true`. */
    sms?: boolean;
  };
  /** Custom-data templates (CUS-8); default none. */
  customDataTemplates?: {
    /** Template of customers' customData. */
    customer?: FixtureTemplate;
    /** Template of orders' customData. */
    order?: FixtureTemplate;
  };
}

/** A user of a company. */
export interface FixtureUser {
  /** GUID. */
  id: string;
  /** External ID, unique among the company's users. */
  externalId?: string;
  /** Display name. */
  name: string;
  /** Roles. */
  roles: Array<"Administrator" | "Technik" | "Dispatcher">;
  /** Deactivated users cannot be assigned (ASN-2); default `false`. */
  deactivated?: boolean;
}

/** The catalogs of a company, each in order. */
export interface FixtureCatalogs {
  /** CustomerCategory values. */
  customerCategories: FixtureCatalog;
  /** CustomerType values. */
  customerTypes: FixtureCatalog;
  /** OrderCategory values. */
  orderCategories: FixtureCatalog;
  /** OrderCustomState values. */
  orderCustomStates: FixtureCatalog;
  /** InterventionCategory values with forms. */
  interventionCategories: Array<FixtureInterventionCategory>;
  /** InterventionCustomState values. */
  interventionCustomStates: FixtureCatalog;
  /** MaterialCategory values. */
  materialCategories: FixtureCatalog;
  /** MaterialSupplier values. */
  materialSuppliers: FixtureCatalog;
}
