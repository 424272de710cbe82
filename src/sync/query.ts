import type { User } from "../auth/user.js";
import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { findReference, type RefIndex } from "../shared/reference.js";
import { parseIsoDate, type IsoDate } from "../shared/time.js";
import type { SyncScope } from "./answer.js";

/** Most days one sync may span, `from` and `to` included (SYN-1): a month of visits bounds the answer. */
export const MAX_SYNC_DAYS = 31;

/** Longest `since` cursor read (SYN-1, LIM-1); the service's own cursors are far shorter. */
export const MAX_SYNC_CURSOR = 512;

/** The typed query of `GET /sync` (SYN-1). */
export interface SyncQuery {
  /** The technician and the days. */
  readonly scope: SyncScope;
  /** The cursor of the previous answer, `null` for a first (full) pull. */
  readonly since: string | null;
}

const SCOPE = /^technician:(.{1,255})$/s;

function dayNumber(day: IsoDate): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

function readDay(text: string | undefined, name: string, issues: Issue[]): IsoDate | undefined {
  if (text === undefined) {
    issues.push(issue("Required", name, "SYN-1", `${name} is required: a day, YYYY-MM-DD (SYN-1).`));
    return undefined;
  }
  const day = parseIsoDate(text);
  if (day === undefined) issues.push(issue("InvalidDate", name, "SYN-1", `Expected a day, YYYY-MM-DD, got ${JSON.stringify(text.slice(0, 40))} (SYN-1).`));
  return day;
}

/**
 * Reads the query of `GET /sync` (SYN-1): `scope=technician:{ref}` (a user of the caller's
 * company by GUID or external ID: an unknown one is a 400 `UnknownReference` at `scope`),
 * `from` and `to` (days, `from <= to`, at most {@link MAX_SYNC_DAYS} days), and an optional
 * `since` cursor (its content is the storage's to judge; here only its length and form).
 * Every bad parameter is reported at once, its name as the issue's path.
 * @param query - the query parameters, first value of each name
 * @param users - the caller's company's users
 * @returns the typed query, or every issue
 * @rule SYN-1
 * @example
 * const tech = { id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", externalId: "T-1", name: "Technik", roles: ["Technik"], deactivated: false };
 * const users = { byId: new Map([[tech.id, tech]]), byKey: new Map([["T-1", tech]]) };
 * parseSyncQuery(new Map([["scope", "technician:T-1"], ["from", "2026-11-23"], ["to", "2026-11-29"]]), users).ok //=> true
 * parseSyncQuery(new Map([["from", "2026-11-29"], ["to", "2026-11-23"]]), users).ok //=> false
 */
export function parseSyncQuery(query: ReadonlyMap<string, string>, users: RefIndex<User>): Result<SyncQuery> {
  const issues: Issue[] = [];
  const scopeText = query.get("scope");
  let user: User | undefined;
  if (scopeText === undefined) issues.push(issue("Required", "scope", "SYN-1", "scope is required: technician:{userId} (SYN-1)."));
  else {
    const m = SCOPE.exec(scopeText);
    if (m === null) issues.push(issue("InvalidText", "scope", "SYN-1", `Expected technician:{userId or external ID}, got ${JSON.stringify(scopeText.slice(0, 40))} (SYN-1).`));
    else {
      user = findReference(m[1] as string, users);
      if (user === undefined) issues.push(issue("UnknownReference", "scope", "SYN-1", `No user ${JSON.stringify((m[1] as string).slice(0, 40))} in the caller's company (SYN-1).`));
    }
  }
  const from = readDay(query.get("from"), "from", issues);
  const to = readDay(query.get("to"), "to", issues);
  if (from !== undefined && to !== undefined) {
    const span = dayNumber(to) - dayNumber(from) + 1;
    if (span < 1) issues.push(issue("OutOfRange", "to", "SYN-1", `to must not be before from (SYN-1).`));
    else if (span > MAX_SYNC_DAYS) issues.push(issue("OutOfRange", "to", "SYN-1", `A sync spans at most ${MAX_SYNC_DAYS} days; this one spans ${span} (SYN-1).`));
  }
  const since = query.get("since") ?? null;
  if (since !== null && (since.length > MAX_SYNC_CURSOR || !/^[A-Za-z0-9_-]+$/.test(since))) {
    issues.push(issue("InvalidText", "since", "SYN-1", "since must be the cursor of a previous answer, as given (SYN-1)."));
  }
  return collect(issues, () => ({ scope: { userId: (user as User).id, from: from as IsoDate, to: to as IsoDate }, since }));
}
