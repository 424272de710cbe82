/**
 * The offline client of a technician's device (issue 25): `createOfflineClient({ baseUrl,
 * credentials, scope, store })` pulls the technician's scope (`GET /sync`), keeps a replica,
 * decides the technician's writes on the device with the service's own code (the same status,
 * body and issues the server would answer on that state), queues them with their idempotency
 * keys in a pluggable store (memory, IndexedDB), and reconciles on `sync()`: the queue pushed in
 * order, conflicts reported with their rule IDs and both answers. Browser-safe: no `node:`
 * import in its graph (`npm test` bundles it for the browser and checks its size).
 * @packageDocumentation
 */
export { createOfflineClient, OfflineNetworkError } from "./client.js";
export { conflictRules, pushQueue } from "./push.js";
export type { OfflineConflict, PushedWrite, PushOutcome } from "./push.js";
export type { OfflineClient, OfflineClientOptions, OfflineCredentials, SyncReport } from "./client.js";
export { localDecider } from "./decider.js";
export { localCandidates, candidatesQueryString } from "./candidates.js";
export type { CandidatesQueryParams } from "../client/call-types.js";
export type { CandidatesShape, CandidateShape, LeftOutShape } from "../api/read-shapes.js";
export type { LocalDecider, LocalDeciderOptions } from "./decider.js";
export { memoryQueueStore } from "./queue.js";
export type { QueueStore, QueuedWrite } from "./queue.js";
export type { OfflineAnswer } from "./answer.js";
export type { OfflineOperation, OfflineWrites } from "./operations.generated.js";
export { indexedDbQueueStore } from "./indexed-db.js";
export type { IdbFactoryLike, IdbDatabaseLike, IdbTransactionLike, IdbObjectStoreLike, IdbRequestLike, IdbOpenRequestLike } from "./indexed-db.js";
export type { SyncScope, SyncReplica, SyncAnswer, SyncCompany, SyncMaterial, SyncStock, SyncAllocation } from "../sync/answer.js";
export type { InterventionEditBody, InterventionReplanBody, StockQuantityBody } from "../api/bodies.js";
export type { Intervention } from "../records/intervention.js";
export type { ProblemIssue } from "../shared/issue.js";
