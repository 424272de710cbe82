import { toGuid, type Guid } from "../shared/guid.js";
import { parseIsoDate } from "../shared/time.js";
import type { SyncScope } from "./answer.js";

/**
 * What a sync cursor holds (SYN-3): the scope it was given for and the storage's position in
 * the company's journal: the last `seq` (in memory) or the snapshot's oldest running
 * transaction (`xmin`, on PostgreSQL).
 */
export interface SyncCursor {
  /** The scope answered. */
  readonly scope: SyncScope;
  /** Which storage's position: `m` memory (a `seq`), `p` PostgreSQL (a transaction ID). */
  readonly kind: "m" | "p";
  /** The position, a whole number as decimal text. */
  readonly position: string;
}

const WHOLE = /^(0|[1-9]\d{0,19})$/;

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Writes a cursor as opaque text: base64url of a small JSON (ASCII only: GUIDs, days, digits),
 * under 200 characters.
 * @param cursor - the cursor
 * @returns the text sent as `cursor` and read back as `since`
 * Applies SYN-3.
 * @example
 * const c = { scope: { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" }, kind: "m", position: "7" };
 * decodeSyncCursor(encodeSyncCursor(c)) //=> c
 */
export function encodeSyncCursor(cursor: SyncCursor): string {
  const { scope, kind, position } = cursor;
  return toBase64Url(JSON.stringify({ u: scope.userId, f: scope.from, t: scope.to, k: kind, p: position }));
}

/**
 * Reads a cursor written by {@link encodeSyncCursor}; anything else is `undefined` (the
 * service answers 400 at `since`).
 * @param text - the `since` parameter
 * @returns the cursor, or `undefined` when malformed
 * Applies SYN-3.
 * @example
 * decodeSyncCursor("not-a-cursor") //=> undefined
 */
export function decodeSyncCursor(text: string): SyncCursor | undefined {
  if (text.length > 512 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(atob(text.replace(/-/g, "+").replace(/_/g, "/")));
  } catch {
    return undefined;
  }
  if (typeof json !== "object" || json === null) return undefined;
  const { u, f, t, k, p } = json as Record<string, unknown>;
  const userId = typeof u === "string" ? toGuid(u) : undefined;
  const from = parseIsoDate(f);
  const to = parseIsoDate(t);
  if (userId === undefined || from === undefined || to === undefined) return undefined;
  if ((k !== "m" && k !== "p") || typeof p !== "string" || !WHOLE.test(p)) return undefined;
  return { scope: { userId: userId as Guid, from, to }, kind: k, position: p };
}

/**
 * Whether a cursor was given for this scope (SYN-3): another technician or other days make
 * the next answer a full one.
 * @param cursor - the cursor read
 * @param scope - the scope asked now
 * @returns whether it may answer incrementally
 * @example
 * const scope = { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" };
 * sameSyncScope({ scope, kind: "m", position: "7" }, scope) //=> true
 * sameSyncScope({ scope, kind: "m", position: "7" }, { ...scope, to: "2026-11-30" }) //=> false
 */
export function sameSyncScope(cursor: SyncCursor, scope: SyncScope): boolean {
  return cursor.scope.userId === scope.userId && cursor.scope.from === scope.from && cursor.scope.to === scope.to;
}
