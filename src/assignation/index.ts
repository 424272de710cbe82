export type { Allocation, TechnicianAllocations, CollisionIndex, CollisionUpdate } from "./collision-index.js";
export {
  emptyCollisionIndex, collisionIndex, addToCollisionIndex, removeFromCollisionIndex, updateCollisionIndex, updateCollisionIndexBatch, overlappingAllocations,
} from "./collision-index.js";
export type { AssignationRequest, AssignationsRequest, AssignationContext, ValidAssignations } from "./validate.js";
export { validateAssignations, collisionIssues } from "./validate.js";
export type { CandidatesRequest, CandidatesQuery, CandidatesContext, Candidate, LeftOutTechnician, CandidatesAnswer } from "./candidates.js";
export {
  candidates, candidatesRequestIssues, MAX_CANDIDATE_DURATION, MIN_CANDIDATE_STEP, MAX_CANDIDATE_STEP, DEFAULT_CANDIDATE_STEP, MAX_CANDIDATE_LIMIT,
  DEFAULT_CANDIDATE_LIMIT, MAX_CANDIDATE_TECHNICIANS,
} from "./candidates.js";
export { parseCandidatesQuery } from "./candidates-query.js";
