export type { Allocation, TechnicianAllocations, CollisionIndex } from "./collision-index.js";
export {
  emptyCollisionIndex, collisionIndex, addToCollisionIndex, removeFromCollisionIndex, updateCollisionIndex, overlappingAllocations,
} from "./collision-index.js";
export type { AssignationRequest, AssignationsRequest, AssignationContext, ValidAssignations } from "./validate.js";
export { validateAssignations, collisionIssues } from "./validate.js";
