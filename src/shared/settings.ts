/** Value types a custom-data template field may require (CUS-8). */
export type CustomDataFieldType = "string" | "number" | "boolean" | "date";

/** One key of a custom-data template (CUS-8). */
export interface CustomDataField {
  /** Property name inside the custom-data object. */
  readonly key: string;
  /** Required JSON type of its value (`date` is a `YYYY-MM-DD` string). */
  readonly type: CustomDataFieldType;
  /** Whether the key must be present. */
  readonly required: boolean;
}

/**
 * A company's settings with every default resolved (docs/service.md "Fixture").
 */
export interface CompanySettings {
  /** "Zakázat kolize": technicians may not be double-booked (ASN-5). */
  readonly disableCollisions: boolean;
  /** IANA time zone deciding "a date", "today", "tomorrow" (GEN-10). */
  readonly timeZone: string;
  /** Collation locale for sorting text (STO-5). */
  readonly locale: string;
  /** Global switches of the notification channels (NOT-4). */
  readonly notifications: {
    /** E-mail channel on. */
    readonly email: boolean;
    /** SMS channel on. */
    readonly sms: boolean;
  };
  /** Custom-data templates per record type; `null` when none is set (CUS-8). */
  readonly customDataTemplates: {
    /** Template of customers' customData. */
    readonly customer: readonly CustomDataField[] | null;
    /** Template of orders' customData. */
    readonly order: readonly CustomDataField[] | null;
  };
}

/** Settings of a company that sets nothing. */
export const defaultSettings: CompanySettings = {
  disableCollisions: false,
  timeZone: "Europe/Prague",
  locale: "cs",
  notifications: { email: true, sms: true },
  customDataTemplates: { customer: null, order: null },
};
