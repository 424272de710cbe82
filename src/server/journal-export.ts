// `field-service-rules journal export` (issue 24 item 3): the journal of decisions out of
// PostgreSQL as NDJSON, a page at a time, to standard output or to a file that appears whole.
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { JournalEntryShape } from "../journal/entry.js";
import { MAX_JOURNAL_PAGE, type JournalQuery } from "../journal/query.js";
import type { Fixture } from "../service/fixture.js";
import type { FieldStorage } from "../service/storage.js";
import type { Guid } from "../shared/guid.js";
import { codeOf, databaseAddress, firstLine, openDatabase, release, type Invocation } from "./open-database.js";

/** `journal export`: the journal of a PostgreSQL database, written as NDJSON (JRN-2). */
export interface JournalExportCommand {
  /** Discriminant. */
  readonly kind: "export";
  /** The PostgreSQL connection string (`--database-url`, then `DATABASE_URL`); required. */
  readonly databaseUrl: string;
  /** How long to wait for PostgreSQL, in milliseconds (`--database-timeout`, then `DATABASE_TIMEOUT`). */
  readonly databaseTimeoutMs: number;
  /** The fixture that seeds an empty database, as when serving; `undefined` for the demonstration fixture. */
  readonly fixturePath: string | undefined;
  /** The file to write, or `undefined` for standard output. */
  readonly outputPath: string | undefined;
  /** The one company to export (lowercase), or `undefined` for every company. */
  readonly companyId: Guid | undefined;
}

/**
 * Every entry after `after`, a page at a time.
 * @param after - the last `seq` read
 * @returns the query of the next page
 * @internal
 */
export function pageQuery(after: number): JournalQuery {
  return { after, limit: MAX_JOURNAL_PAGE, record: null, operation: null, rule: null, outcome: null, from: null, to: null };
}


/** The output file could not be written: the message says which and why. */
class OutputError extends Error {}

/** Where `journal export` writes: standard output a line at a time, or a file that appears whole. */
interface Sink {
  readonly write: (entries: readonly JournalEntryShape[]) => void;
  readonly finish: () => void;
  readonly abandon: () => void;
}

/**
 * A file written next to its place and renamed onto it once complete: a failed export leaves
 * the file that was there (or none), never half a journal.
 */
function fileSink(path: string): Sink | string {
  const partial = `${path}.${process.pid}.partial`;
  let fd: number;
  try {
    fd = openSync(partial, "w");
  } catch (error) {
    return `--output ${path}: cannot write it (${codeOf(error)}); give a path in a directory that exists and can be written`;
  }
  let open = true;
  const close = (): void => {
    if (open) closeSync(fd);
    open = false;
  };
  const writing = (action: () => void): void => {
    try {
      action();
    } catch (error) {
      throw new OutputError(`cannot write --output ${path} (${codeOf(error)})`);
    }
  };
  return {
    write: (entries) => {
      let text = "";
      for (const entry of entries) text += `${JSON.stringify(entry)}\n`;
      writing(() => writeFileSync(fd, text));
    },
    finish: () =>
      writing(() => {
        close();
        renameSync(partial, path);
      }),
    abandon: () => {
      try {
        close();
      } finally {
        // After finish (a failure past it) the partial file is gone already.
        rmSync(partial, { force: true });
      }
    },
  };
}

/** Writes the journal of each company a page at a time: a page is written before the next is read. */
async function writeJournal(storage: FieldStorage, companyIds: readonly Guid[], sink: Sink): Promise<number> {
  let count = 0;
  for (const companyId of companyIds) {
    for (let after = 0; ; ) {
      const page = await storage.readJournal(companyId, pageQuery(after));
      sink.write(page.items);
      count += page.items.length;
      if (page.next === null) break;
      after = page.next;
    }
  }
  return count;
}

/**
 * Runs `journal export` (JRN-2): opens the output first, then the database, and writes every
 * company's entries; a failure is one line on `io.err`.
 * @param command - the settings read
 * @param fixture - seeds an empty database
 * @param invocation - the arguments, where to write, the storage factory and the options
 * @returns the exit code
 * @internal
 */
export async function exportJournal(
  command: JournalExportCommand,
  fixture: Fixture,
  { argv, io, storageFor, options }: Invocation,
): Promise<number> {
  const at = databaseAddress(command.databaseUrl);
  // The output is opened first: an unwritable path is refused before the database is opened.
  const sink = command.outputPath === undefined ? { write: (entries: readonly JournalEntryShape[]) => entries.forEach((e) => io.out(JSON.stringify(e))), finish: () => {}, abandon: () => {} } : fileSink(command.outputPath);
  if (typeof sink === "string") {
    io.err(`field-service-rules: ${sink}`);
    return 1;
  }
  const opened = await openDatabase(command.databaseUrl, command.databaseTimeoutMs, fixture, argv, io, storageFor, options.noticeAfterMs ?? 1_000, {
    otherwise: "read a running service's journal with GET /journal",
  });
  if (typeof opened === "number") {
    sink.abandon();
    return opened;
  }
  const from = opened.storage;
  try {
    const companies = (await from.companies()).map((c) => c.id);
    if (command.companyId !== undefined && !companies.includes(command.companyId)) {
      sink.abandon();
      io.err(`field-service-rules: --company ${command.companyId}: no such company in the database at ${at}; it holds ${companies.join(", ")}`);
      return 1;
    }
    const chosen = command.companyId === undefined ? companies : [command.companyId];
    const count = await writeJournal(from, chosen, sink);
    sink.finish();
    io.err(`field-service-rules: exported ${count} journal entr${count === 1 ? "y" : "ies"} of ${chosen.length} compan${chosen.length === 1 ? "y" : "ies"}${command.outputPath === undefined ? "" : ` to ${command.outputPath}`}`);
    return 0;
  } catch (error) {
    sink.abandon();
    io.err(`field-service-rules: journal export: ${error instanceof OutputError ? error.message : `cannot read the journal from PostgreSQL at ${at} (${firstLine(error)})`}`);
    return 1;
  } finally {
    await release(opened.service);
  }
}
