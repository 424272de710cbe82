import { collect, issue, type Issue, type Result } from "../shared/issue.js";
import { limits } from "../shared/limits.js";
import { checkText } from "../shared/read.js";
import { parseIsoDate, type IsoDate } from "../shared/time.js";
import {
  DEFAULT_CANDIDATE_LIMIT, DEFAULT_CANDIDATE_STEP, MAX_CANDIDATE_TECHNICIANS, candidatesRequestIssues, type CandidatesRequest,
} from "./candidates.js";

const WHOLE = /^\d{1,6}$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})$/;

function readWhole(query: ReadonlyMap<string, string>, name: string, fallback: number | undefined, issues: Issue[]): number | undefined {
  const text = query.get(name);
  if (text === undefined) {
    if (fallback === undefined) issues.push(issue("Required", name, "CND-1", `${name} is required (CND-1).`));
    return fallback;
  }
  if (!WHOLE.test(text)) {
    issues.push(issue("InvalidNumber", name, "CND-1", `Expected a whole number, got ${JSON.stringify(text.slice(0, 40))} (CND-1).`));
    return undefined;
  }
  return Number(text);
}

function readTime(query: ReadonlyMap<string, string>, name: string, issues: Issue[]): number | null | undefined {
  const text = query.get(name);
  if (text === undefined) return null;
  const m = LOCAL_TIME.exec(text);
  const h = Number(m?.[1]);
  const mi = Number(m?.[2]);
  if (m === null || mi > 59 || h > 24 || (h === 24 && mi > 0)) {
    issues.push(issue("InvalidText", name, "CND-1", `Expected a local time HH:MM from 00:00 to 24:00, got ${JSON.stringify(text.slice(0, 40))} (CND-1).`));
    return undefined;
  }
  return h * 60 + mi;
}

function readTechnicians(query: ReadonlyMap<string, string>, issues: Issue[]): readonly string[] | null | undefined {
  const text = query.get("technicians");
  if (text === undefined) return null;
  // Count the commas first, so an oversized list costs no split.
  let count = 1;
  for (let i = text.indexOf(","); i !== -1 && count <= MAX_CANDIDATE_TECHNICIANS; i = text.indexOf(",", i + 1)) count++;
  if (count > MAX_CANDIDATE_TECHNICIANS) {
    issues.push(issue("TooMany", "technicians", "CND-1", `At most ${MAX_CANDIDATE_TECHNICIANS} technicians in one query (CND-1).`));
    return undefined;
  }
  const out: string[] = [];
  const before = issues.length;
  for (const part of text.split(",")) {
    const ref = part.trim();
    if (ref === "") issues.push(issue("Blank", "technicians", "CND-1", "A technician in the list is blank (CND-1)."));
    else if (checkText(ref, limits.text, "", "technicians", issues) !== undefined) out.push(ref);
  }
  return issues.length > before ? undefined : out;
}

/**
 * Reads the query of `GET …/candidates` (CND-1): `day` and `duration` required; `from`, `to`
 * (local `HH:MM`, `to` up to `24:00`), `step` (default 15), `technicians` (comma-separated
 * GUIDs or external IDs) and `limit` (default 20) optional; then the bounds of
 * {@link candidatesRequestIssues}. Every bad parameter is reported at once at its name; unknown
 * parameters are ignored.
 * @param query - the query parameters, first value of each name
 * @returns the parameters, or every issue
 * @rule CND-1
 * @example
 * parseCandidatesQuery(new Map([["day", "2026-03-12"], ["duration", "90"], ["from", "08:00"], ["to", "16:30"]])).value //=> { day: "2026-03-12", duration: 90, from: 480, to: 990, step: 15, technicians: null, limit: 20 }
 * parseCandidatesQuery(new Map([["day", "2026-02-30"], ["duration", "0"], ["step", "1"]])).issues.map((i) => i.path) //=> ["day", "duration", "step"]
 */
export function parseCandidatesQuery(query: ReadonlyMap<string, string>): Result<CandidatesRequest> {
  const issues: Issue[] = [];
  const dayText = query.get("day");
  let day: IsoDate | undefined;
  if (dayText === undefined) issues.push(issue("Required", "day", "CND-1", "day is required: YYYY-MM-DD (CND-1)."));
  else {
    day = parseIsoDate(dayText);
    if (day === undefined) issues.push(issue("InvalidDate", "day", "CND-1", `Expected a day, YYYY-MM-DD, got ${JSON.stringify(dayText.slice(0, 40))} (CND-1).`));
  }
  const duration = readWhole(query, "duration", undefined, issues);
  const from = readTime(query, "from", issues);
  const to = readTime(query, "to", issues);
  const step = readWhole(query, "step", DEFAULT_CANDIDATE_STEP, issues);
  const technicians = readTechnicians(query, issues);
  const limit = readWhole(query, "limit", DEFAULT_CANDIDATE_LIMIT, issues);
  // The bounds of the values that were read (a parameter already refused is not checked again).
  const read = new Set(issues.map((i) => i.path));
  const request: CandidatesRequest = {
    day: day as IsoDate,
    duration: duration ?? 1,
    from: from ?? null,
    to: to ?? null,
    step: step ?? DEFAULT_CANDIDATE_STEP,
    technicians: technicians ?? null,
    limit: limit ?? DEFAULT_CANDIDATE_LIMIT,
  };
  for (const i of candidatesRequestIssues(request)) if (!read.has(i.path)) issues.push(i);
  return collect(issues, () => request);
}
