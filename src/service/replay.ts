import type { JournalEntryShape, JournalPage, RecordChangeShape } from "../journal/entry.js";
import { ReplayCollector, ReplayComparer, type ReplayReport } from "../journal/replay.js";
import { TOKEN_LIFETIME_MS } from "../auth/token.js";
import { createFieldService } from "./create.js";
import type { FieldService } from "./entry-point.js";
import type { Fixture } from "./fixture.js";

/** The clock and GUID source a replay steers: the service under replay must read both from here. */
export interface ReplayControls {
  /** The recorded instant of the entry being re-decided. */
  readonly now: () => Date;
  /** The next GUID the entry's decision drew when it was recorded; a fresh one past those. */
  readonly newId: () => string;
}

/** What {@link replayJournal} re-decides against. */
export interface ReplayTarget {
  /** The fixture the journaled service started from (its clients log the replay in). */
  readonly fixture: Fixture;
  /**
   * Builds the service to replay against, reading the time and GUIDs from `controls`; it must
   * start from `fixture` with no records, and keep a journal (the replay reads what each decision
   * wrote from it, RPL-2; with none, only the answers are compared). Default:
   * `createFieldService({ fixture, now, newId })`, the rules of this package, in memory. Pass one with a storage (a fresh schema) or with a
   * changed rule to see which recorded decisions the change turns around.
   */
  readonly service?: (controls: ReplayControls) => FieldService;
  /** Differences kept as examples per rule. Default 3. */
  readonly examples?: number;
}

/** A logged-in company of the replay. */
interface Session {
  readonly token: string;
  readonly issuedAt: number;
}

/**
 * Re-decides every write of a journal, in order, with the instant and the GUIDs each decision
 * was given, against a service started from the same fixture, and reports the decisions that
 * differ, grouped by rule ID with the first examples of each (RPL-1). Replaying a journal
 * against the rules that wrote it reports no difference; against changed rules it names the
 * rules whose decisions turned around. Each decision's written records are compared too, as the
 * two journals hold them (RPL-2), and a difference that only follows from an earlier one says so.
 * The journal must be whole from the fixture on (the
 * records it did not write are not there to decide on): a service's whole `GET /journal`, or
 * `field-service-rules journal export`. Each entry is replayed as sent, its dry-run flag
 * included; a later decision that differs only because an earlier one did is reported too.
 * @param journal - the entries, by ascending `seq` per company
 * @param target - the fixture, and optionally the service to replay against
 * @returns the report
 * @throws Error when a company of the journal is not in the fixture, or logging in fails
 * @example
 * ```ts not-run
 * const report = await replayJournal(entries, { fixture: demoFixture });
 * report.differing //=> 0
 * ```
 */
export async function replayJournal(journal: Iterable<JournalEntryShape> | AsyncIterable<JournalEntryShape>, target: ReplayTarget): Promise<ReplayReport> {
  let now = 0;
  let ids: readonly string[] = [];
  let next = 0;
  const controls: ReplayControls = {
    now: () => new Date(now),
    newId: () => (next < ids.length ? (ids[next++] as string) : globalThis.crypto.randomUUID()),
  };
  // The default service keeps the newest entry of each company only: what the decision just wrote.
  const service = target.service?.(controls) ?? createFieldService({ fixture: target.fixture, now: controls.now, newId: controls.newId, journal: { retention: 1 } });
  const collector = new ReplayCollector(target.examples ?? 3);
  const names: [string, string][] = [];
  for (const company of target.fixture.companies) {
    for (const r of [...company.stores, ...company.materials]) if (r.externalId !== undefined) names.push([r.id, r.externalId]);
  }
  const comparer = new ReplayComparer(names);
  /** The last `seq` of the replay's own journal, by company. */
  const replayedSeq = new Map<string, number>();
  const sessions = new Map<string, Session>();

  /** The session of an entry: its company and client. */
  const sessionKey = (entry: JournalEntryShape): string => `${entry.companyId}\u0000${entry.clientId ?? ""}`;

  /** The token of the entry's company and client, when one is still young enough (AUTH-3: 60 minutes). */
  function knownSession(entry: JournalEntryShape): string | undefined {
    const known = sessions.get(sessionKey(entry));
    // A new login well before the recorded clock passes the token's lifetime.
    return known !== undefined && now >= known.issuedAt && now - known.issuedAt < TOKEN_LIFETIME_MS / 2 ? known.token : undefined;
  }

  async function logIn(entry: JournalEntryShape): Promise<string> {
    const company = target.fixture.companies.find((c) => c.id.toLowerCase() === entry.companyId.toLowerCase());
    if (company === undefined) throw new Error(`replayJournal: the journal's company ${entry.companyId} is not in the fixture`);
    const client = company.clients.find((c) => c.clientId === entry.clientId) ?? company.clients[0];
    if (client === undefined) throw new Error(`replayJournal: the company ${entry.companyId} has no client to log in with`);
    const answer = await service.handle({ method: "POST", path: "/auth/login", body: { tenantCode: company.tenantCode, clientId: client.clientId, secret: client.secret } });
    if (answer.status !== 200) throw new Error(`replayJournal: logging in to ${company.tenantCode} answered ${answer.status}`);
    const token = (answer.body as { accessToken: string }).accessToken;
    sessions.set(sessionKey(entry), { token, issuedAt: now });
    return token;
  }

  /** Re-decides one entry; waits only when the service answers with a promise. */
  async function replay(entry: JournalEntryShape): Promise<void> {
    now = Date.parse(entry.at);
    const token = knownSession(entry) ?? (await logIn(entry));
    ids = entry.ids;
    next = 0;
    const path = entry.dryRun ? `${entry.path}?dryRun=true` : entry.path;
    const pending = service.handle({
      method: entry.method,
      path,
      headers: { authorization: `Bearer ${token}` },
      ...(Object.hasOwn(entry, "body") ? { body: entry.body } : {}),
    });
    const answer = pending instanceof Promise ? await pending : pending;
    // Effects hold JSON values only (instants as numbers): compared as they are.
    const effects = answer.effects as readonly unknown[];
    const changes = await writtenBy(entry, token);
    const replayed = { status: answer.status, effects, ...(answer.body === undefined ? {} : { body: answer.body }), ...(changes === undefined ? {} : { changes }) };
    collector.add(comparer.compare(entry, replayed));
  }

  /** What the replayed decision wrote, from the replay's journal: its newest entry; `undefined` when it keeps none. */
  async function writtenBy(entry: JournalEntryShape, token: string): Promise<readonly RecordChangeShape[] | undefined> {
    const company = entry.companyId.toLowerCase();
    const after = replayedSeq.get(company) ?? 0;
    const pending = service.handle({ method: "GET", path: `/journal?after=${after}&limit=500`, headers: { authorization: `Bearer ${token}` } });
    const read = pending instanceof Promise ? await pending : pending;
    if (read.status !== 200) return undefined;
    const items = (read.body as JournalPage).items;
    const newest = items[items.length - 1];
    if (newest === undefined) return undefined;
    replayedSeq.set(company, newest.seq);
    return newest.changes;
  }

  try {
    if (Symbol.asyncIterator in journal) for await (const entry of journal) await replay(entry);
    else for (const entry of journal) await replay(entry);
  } finally {
    await service.close();
  }
  return collector.report();
}
