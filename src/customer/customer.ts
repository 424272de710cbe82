import type { Guid } from "../shared/guid.js";

/** Kinds of customer (CUS-2). */
export const customerKinds = ["Company", "Household"] as const;

/** A kind of customer (CUS-2). */
export type CustomerKind = (typeof customerKinds)[number];

/** A phone number as the API carries it (CUS-9). */
export interface Phone {
  /** International prefix such as `+420`. */
  readonly prefix: string;
  /** The number without prefix. */
  readonly phone: string;
}

/** A contact person of a customer (CUS-9). Unset optional fields are `null`. */
export interface ContactPerson {
  /** GUID. */
  readonly id: Guid;
  /** External ID, unique among the customer's contact people (CUS-7). */
  readonly externalId: string | null;
  /** First name. */
  readonly firstName: string | null;
  /** Last name. */
  readonly lastName: string | null;
  /** Job position. */
  readonly position: string | null;
  /** Phone for SMS notifications. */
  readonly phone: Phone | null;
  /** E-mail for notifications. */
  readonly email: string | null;
  /** Whether customer notifications may be sent to this person (NOT-2). */
  readonly sendNotifications: boolean;
  /** Whether reports are sent to this person. */
  readonly sendReports: boolean;
}

/** Geographic coordinates (CUS-10). */
export interface Coordinates {
  /** Latitude in [-90, 90]. */
  readonly latitude: number;
  /** Longitude in [-180, 180]. */
  readonly longitude: number;
}

/** An address of a customer (CUS-10). */
export interface Address {
  /** GUID. */
  readonly id: Guid;
  /** External ID, unique among the customer's addresses (CUS-7). */
  readonly externalId: string | null;
  /** Street and number. */
  readonly street: string | null;
  /** City. */
  readonly city: string | null;
  /** Postal code. */
  readonly postalCode: string | null;
  /** Country. */
  readonly country: string | null;
  /** Coordinates. */
  readonly coordinates: Coordinates | null;
}

/** A service object (device) of a customer (CUS-11). */
export interface ServiceObject {
  /** GUID. */
  readonly id: Guid;
  /** External ID, unique among the customer's devices (CUS-7). */
  readonly externalId: string | null;
  /** Name. */
  readonly name: string;
  /** Serial number. */
  readonly serialNumber: string | null;
  /** Description. */
  readonly description: string | null;
  /** GUID of one of the customer's addresses. */
  readonly addressId: Guid | null;
}

/** A customer record, as stored and as read (docs/service.md "Read shapes"). */
export interface Customer {
  /** GUID. */
  readonly id: Guid;
  /** External ID (GEN-4). */
  readonly externalId: string | null;
  /** Name. */
  readonly name: string;
  /** Kind (CUS-2). */
  readonly kind: CustomerKind;
  /** GUID of a CustomerCategory. */
  readonly categoryId: Guid;
  /** GUID of a CustomerType. */
  readonly typeId: Guid;
  /** GUID of the owning user (AUTH-6). */
  readonly ownerId: Guid;
  /** Company registration number (CUS-3, CUS-4). */
  readonly identificationNumber: string | null;
  /** Tax number (CUS-4). */
  readonly taxNumber: string | null;
  /** Web page. */
  readonly website: string | null;
  /** Notes. */
  readonly description: string | null;
  /** JSON text (CUS-8). */
  readonly customData: string | null;
  /** Extra notification recipients (CUS-12, NOT-3). */
  readonly notificationEmails: readonly string[];
  /** Whether documents go by post (CUS-12, ORD-3). */
  readonly sendByPost: boolean;
  /** GUID of the primary contact person. */
  readonly primaryContactPersonId: Guid | null;
  /** GUID of the invoice address. */
  readonly invoiceAddressId: Guid | null;
  /** GUID of the contact address (companies only, CUS-4). */
  readonly contactAddressId: Guid | null;
  /** Contact people. */
  readonly contactPeople: readonly ContactPerson[];
  /** Addresses. */
  readonly addresses: readonly Address[];
  /** Devices. */
  readonly serviceObjects: readonly ServiceObject[];
}
