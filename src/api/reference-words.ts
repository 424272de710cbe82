// The reference's words that are not an operation's: the tags it groups operations under and
// how it names the record of each path placeholder. What it says of each operation is in the
// operation's description (operations.ts).
import type { PathParamName } from "./operation.js";

/** The tags the reference groups operations under. */
export type Tag = "Authentication" | "Customers" | "Orders" | "Interventions" | "Materials" | "Stores" | "Stock" | "Journal" | "Sync" | "Documentation";

/** What each tag groups. */
export const tagDescriptions: { readonly [T in Tag]: string } = {
  Authentication: "Log in with an integration client and get a bearer token (AUTH-1 to AUTH-6).",
  Customers: "Customers with their contact people, addresses and devices (CUS, UPS rules).",
  Orders: "Orders and their lifecycle: Open, Completed, Cancelled (ORD rules).",
  Interventions: "Technician visits of an order: planning, collisions and lifecycle (INT, ASN, NOT rules).",
  Materials: "Material definitions (MAT rules).",
  Stores: "Stores and the paged listing of their stock (STO rules).",
  Stock: "Stock batches: add, remove, set and move, all or nothing (STK rules).",
  Journal: "The journal of decisions, an extension: every write decided, committed, refused or dry run, with what it changed (JRN rules); writes sent with an Idempotency-Key are decided once (IDM rules).",
  Sync: "Device sync, an extension: a technician's records for some days and what changed since a cursor (SYN rules).",
  Documentation: "This document and the reference page, served by the command (`npx field-service-rules`, `npm start`) beside the API.",
};

/** How the reference names the record of each path placeholder. */
export const paramWords: { readonly [P in PathParamName]: string } = {
  customer: "customer", order: "order", intervention: "intervention", material: "material", store: "store", toStore: "target store",
};
