import type { Guid } from "../shared/guid.js";

/** A store (warehouse) without its stock; stock lives in `src/stock/`. */
export interface Store {
  /** GUID. */
  readonly id: Guid;
  /** External ID (cleared by a replace that leaves it out, STO-1). */
  readonly externalId: string | null;
  /** Name. */
  readonly name: string;
  /** GUIDs of users who may see and use its stock (STO-2). */
  readonly availableFor: readonly Guid[];
}
