/**
 * Test support for embedders: the demonstration fixture the README's walk-through and `npm
 * start` use, a small company's typed records (`examples`), fast-check arbitraries of valid
 * and near-valid request bodies for every endpoint, and the model-based suite
 * (`runModelSuite`) to run against any `handle`-compatible service or any server by base URL.
 * Needs `fast-check` (an optional peer dependency of the package); the rules entry never
 * imports this one.
 * @packageDocumentation
 */
export { demoFixture } from "../service/demo-fixture.js";
export { examples } from "./examples.js";
export type { ExampleWorld } from "./examples.js";
export { kitContext, companyOf, wallClock, zoneOffsetText } from "./context.js";
export type { KitContext, CustomerRefs } from "./context.js";
export type { Violation, NearValid, Body } from "./arbitraries/types.js";
export {
  customerAddBody, customerAddOrEditBody, contactPersonBody, addressBody, serviceObjectBody, nearValidCustomerAdd, nearValidCustomerAddOrEdit,
} from "./arbitraries/customer.js";
export {
  orderAddBody, orderEditBody, orderAddOrEditBody, orderCancelBody, nearValidOrderAdd, nearValidOrderEdit, nearValidOrderAddOrEdit, nearValidOrderCancel,
} from "./arbitraries/order.js";
export { planBody, interventionEditBody, interventionCancelBody, nearValidPlan, nearValidInterventionEdit, nearValidInterventionCancel } from "./arbitraries/intervention.js";
export {
  loginBody, nearValidLogin, materialReplaceBody, nearValidMaterialReplace, storeReplaceBody, nearValidStoreReplace, storeQuery, nearValidStoreQuery,
} from "./arbitraries/catalog.js";
export { stockBatch, nearValidStockBatch } from "./arbitraries/stock.js";
export { runModelSuite } from "./model/run.js";
export { replayJournal } from "../service/replay.js";
export type { ReplayControls, ReplayTarget } from "../service/replay.js";
export { compareDecision, compareState, describeStateDifference, ReplayCollector, ReplayComparer } from "../journal/replay.js";
export type { ComparedEntry, CompareContext, RecordNames, ReplayAnswer, ReplayDifference, ReplayGroup, ReplayReport, StateDifference, WrittenValues } from "../journal/replay.js";
export { rulesApplied } from "../journal/entry.js";
export type { ModelTarget, HandleTarget, UrlTarget, ModelCredentials, ModelSuiteOptions, ModelSuiteReport } from "./model/run.js";
