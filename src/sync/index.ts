/**
 * The device sync (issue 25): the answer of `GET /sync`, the replica a device keeps, and the
 * pure merge of one into the other (browser-safe).
 * @packageDocumentation
 */
export type { SyncAllocation, SyncAnswer, SyncCompany, SyncMaterial, SyncReplica, SyncScope, SyncStock } from "./answer.js";
export { mergeSyncAnswer } from "./merge.js";
