export type { Allocation, TechnicianAllocations, CollisionIndex, CollisionUpdate } from "./collision-index.js";
export {
  emptyCollisionIndex, collisionIndex, addToCollisionIndex, removeFromCollisionIndex, updateCollisionIndex, updateCollisionIndexBatch, overlappingAllocations,
} from "./collision-index.js";
export type { AssignationRequest, AssignationsRequest, AssignationContext, ValidAssignations } from "./validate.js";
export { validateAssignations, collisionIssues } from "./validate.js";
