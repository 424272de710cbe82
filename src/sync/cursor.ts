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
  /** The position, a whole number as decimal text, at most 2^64 - 1 (a `seq` or an `xid8`). */
  readonly position: string;
  /**
   * On PostgreSQL, which history the position belongs to (SYN-4): the cluster's system
   * identifier, then the `seq` and transaction of the newest journal entry of the company the
   * pull saw (`"7713368770115466194.42.1234"`), or the identifier alone when the journal was
   * empty. Absent in memory, and in cursors written before it existed (a full answer).
   */
  readonly history?: string;
}

const WHOLE = /^(0|[1-9]\d{0,19})$/;
const HISTORY = /^(0|[1-9]\d{0,19})(\.(0|[1-9]\d{0,19})\.(0|[1-9]\d{0,19}))?$/;
/** 2^64 - 1: no `seq` or PostgreSQL transaction ID is larger. */
const MAX_POSITION = 18446744073709551615n;

function toBase64Url(text: string): string {
  // Stryker disable next-line StringLiteral,Regex: a cursor's JSON is GUIDs, days, digits, dots and punctuation; base64 writes "+" or "/" only for ">", "?", "~" or DEL, which it never holds, and "=" only at the end
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Writes a cursor as opaque text: base64url of a small JSON (ASCII only: GUIDs, days, digits),
 * under 300 characters.
 * @param cursor - the cursor
 * @returns the text sent as `cursor` and read back as `since`
 * Applies SYN-3.
 * @example
 * const c = { scope: { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" }, kind: "m", position: "7" };
 * decodeSyncCursor(encodeSyncCursor(c)) //=> c
 */
export function encodeSyncCursor(cursor: SyncCursor): string {
  const { scope, kind, position, history } = cursor;
  return toBase64Url(JSON.stringify({ u: scope.userId, f: scope.from, t: scope.to, k: kind, p: position, h: history }));
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
  // Stryker disable next-line ConditionalExpression: a number or a string destructures to undefined parts, refused below; only null must stop here
  if (typeof json !== "object" || json === null) return undefined;
  const { u, f, t, k, p, h } = json as Record<string, unknown>;
  const userId = toGuid(u);
  const from = parseIsoDate(f);
  const to = parseIsoDate(t);
  if (userId === undefined || from === undefined || to === undefined) return undefined;
  if ((k !== "m" && k !== "p") || typeof p !== "string" || !WHOLE.test(p) || BigInt(p) > MAX_POSITION) return undefined;
  const cursor: SyncCursor = { scope: { userId: userId as Guid, from, to }, kind: k, position: p };
  if (h === undefined) return cursor;
  if (k !== "p" || typeof h !== "string" || !HISTORY.test(h)) return undefined;
  return { ...cursor, history: h };
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

/**
 * Where a storage's journal stands when a pull is answered, to tell whether a cursor belongs to
 * its history (SYN-4).
 */
export interface SyncHere {
  /** The storage answering: `m` memory, `p` PostgreSQL. */
  readonly kind: "m" | "p";
  /** The position it has reached: the journal's last `seq` (memory) or the snapshot's `xmin`. */
  readonly position: string;
  /** PostgreSQL: the cluster's system identifier. */
  readonly cluster?: string;
  /**
   * PostgreSQL: whether the journal still holds the newest entry the cursor's pull saw, with the
   * same `seq` and transaction (`true` when that journal was empty).
   */
  readonly markHeld?: boolean;
}

/**
 * Whether a cursor of the right scope can be answered incrementally here (SYN-4): written by
 * this kind of storage, at a position the storage has reached, and, on PostgreSQL, in this
 * history of the database: the same cluster, and the newest journal entry its pull saw still
 * held as it was. A cursor from the future (forged, or kept by a device while the database was
 * restored from an older backup or moved to another cluster) fails, and the pull is answered in
 * full, so the device's replica ends equal to a fresh one.
 * @param cursor - the cursor read from `since`
 * @param here - where the storage stands now
 * @returns whether the journal after the cursor's position is what the device missed
 * @rule SYN-4
 * @example
 * const scope = { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" };
 * syncCursorServes({ scope, kind: "m", position: "7" }, { kind: "m", position: "9" }) //=> true
 * syncCursorServes({ scope, kind: "m", position: "10" }, { kind: "m", position: "9" }) //=> false
 * syncCursorServes({ scope, kind: "p", position: "800", history: "77.5.790" }, { kind: "p", position: "812", cluster: "78", markHeld: true }) //=> false
 */
export function syncCursorServes(cursor: SyncCursor, here: SyncHere): boolean {
  if (cursor.kind !== here.kind || BigInt(cursor.position) > BigInt(here.position)) return false;
  if (here.kind === "m") return true;
  const cluster = cursor.history?.split(".")[0];
  return cluster !== undefined && cluster === here.cluster && here.markHeld === true;
}

/**
 * The newest journal entry a PostgreSQL cursor's pull saw, as its `history` names it (SYN-4).
 * @param cursor - the cursor
 * @returns its `seq` and transaction, `undefined` when its journal was empty or it names none
 * @example
 * const scope = { userId: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", from: "2026-11-23", to: "2026-11-29" };
 * syncCursorMark({ scope, kind: "p", position: "800", history: "77.5.790" }) //=> { seq: "5", xact: "790" }
 * syncCursorMark({ scope, kind: "p", position: "800", history: "77" }) //=> undefined
 */
export function syncCursorMark(cursor: SyncCursor): { readonly seq: string; readonly xact: string } | undefined {
  // Stryker disable next-line ArrayDeclaration: no history gives no second part either way
  const [, seq, xact] = cursor.history?.split(".") ?? [];
  // Stryker disable next-line ConditionalExpression: a split never gives a third part without a second
  return seq === undefined || xact === undefined ? undefined : { seq, xact };
}
