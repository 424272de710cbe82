/**
 * The documented maximum of every list and string a request body may hold, in one place
 * (docs/decisions.md "Input limits" gives the reason for each). Beyond a maximum a request is
 * refused: 400 `TooMany` at the list's path, `TooLong` at the string's path, and the elements of
 * an over-long list are not even read. Chosen so that nothing a real company sends is refused
 * (a 20,000-item stock batch passes) and no single request costs the server more than ~100 ms.
 * String lengths count UTF-16 code units (`string.length`), as JSON and JavaScript do.
 * @rule LIM-1
 * @example
 * limits.stockItems //=> 25000
 * limits.text //=> 1000
 */
export const limits: {
  /** Any string without a longer limit of its own: names, codes, references, cities. */
  readonly text: number;
  /** Free text: descriptions, notes, problem descriptions, cancellation reasons. */
  readonly longText: number;
  /** `customData`: JSON text checked against the company's template (CUS-8). */
  readonly customData: number;
  /** Contact people in one customer body. */
  readonly contactPeople: number;
  /** Addresses in one customer body. */
  readonly addresses: number;
  /** Service objects (devices) in one customer body. */
  readonly serviceObjects: number;
  /** A customer's notification e-mails (NOT-3); the list is replaced whole. */
  readonly notificationEmails: number;
  /** Devices named by one order (ORD-1). */
  readonly serviceObjectIds: number;
  /** Assignations of one intervention (ASN-1). */
  readonly assignations: number;
  /** Users a store is available for (STO-1). */
  readonly availableFor: number;
  /** Items in one stock body: add, remove, set or move (STK-6). */
  readonly stockItems: number;
  /** GUIDs in one store-listing filter (`materialCategoryId`, `materialSupplierId`; STO-3). */
  readonly filterIds: number;
  /** The store-listing `searchPhrase` (STO-4). */
  readonly searchPhrase: number;
  /**
   * Digits after the decimal point of a stock amount or a price (GEN-7). With
   * {@link limits}`.decimalIntegerDigits` it keeps every decimal within the 15 significant
   * digits an IEEE double (a JSON number) carries exactly, so an answer always parses back to
   * the stored value.
   */
  readonly decimalScale: number;
  /** Digits before the decimal point of a stock amount or a price: below 10^9 (GEN-7). */
  readonly decimalIntegerDigits: number;
} = {
  text: 1_000,
  longText: 20_000,
  customData: 65_536,
  contactPeople: 1_000,
  addresses: 1_000,
  serviceObjects: 1_000,
  notificationEmails: 100,
  serviceObjectIds: 1_000,
  assignations: 200,
  availableFor: 1_000,
  stockItems: 25_000,
  filterIds: 200,
  searchPhrase: 200,
  decimalScale: 6,
  decimalIntegerDigits: 9,
};
