// A database for the commands' tests that needs no PostgreSQL: the in-memory storage behind the
// asynchronous `FieldStorage` port, shared by every storage the factory opens (as processes share
// one database), seeded by the first `open`. The commands (`journal export`, `replay
// --database-url`) then run in process, where Stryker's mutants are seen.
import type { StorageFactory, StorageSettings } from "../../src/server/command.js";
import { memoryStorage, type MemoryStorage } from "../../src/service/memory.js";
import type { FieldStorage } from "../../src/service/storage.js";

/** The shared database and what the commands asked of it. */
export interface MemoryDatabase {
  /** Opens a storage on the database, as `main.ts`'s factory opens PostgreSQL. */
  readonly storageFor: StorageFactory;
  /** The settings of each storage opened, in order. */
  readonly opened: StorageSettings[];
  /** How often each storage opened was closed. */
  readonly closes: number[];
  /** A schema once seeded (default `field_service`). */
  readonly memory: (schema?: string) => MemoryStorage | undefined;
}

/**
 * A database in memory per schema: `replay` opens a new schema, which starts empty.
 * @returns the factory and what it saw
 */
export function memoryDatabase(): MemoryDatabase {
  const schemas = new Map<string, MemoryStorage>();
  const opened: StorageSettings[] = [];
  const closes: number[] = [];
  const storageFor: StorageFactory = (_url, settings) => {
    opened.push(settings);
    const index = closes.push(0) - 1;
    const schema = settings.schema ?? "field_service";
    const db = (): MemoryStorage => {
      const m = schemas.get(schema);
      if (m === undefined) throw new Error(`schema ${schema} is not open`);
      return m;
    };
    const storage: FieldStorage = {
      open: async (_fixture, companies) => {
        if (!schemas.has(schema)) schemas.set(schema, memoryStorage(companies, 10_000));
      },
      companies: async () => db().companies(),
      saveToken: async (t, clears) => db().saveToken(t, clears),
      findToken: async (text, now) => db().findToken(text, now),
      load: async (operation) => db().load(operation),
      commit: async (operation, loaded, decided) => db().commit(operation, loaded, decided),
      release: async () => {},
      attempts: 1,
      readListing: async (operation, page) => db().readListing(operation, page),
      readJournal: async (companyId, query) => db().readJournal(companyId, query),
      sync: async (companyId, request) => db().sync(companyId, request),
      loginFailures: async (keys) => db().loginFailures(keys),
      recordLoginFailure: async (keys, at, windowMs) => db().recordLoginFailure(keys, at, windowMs),
      write: async () => Promise.reject(new Error("not used by the commands")),
      snapshot: async () => Promise.reject(new Error("not used by the commands")),
      close: async () => {
        closes[index] = (closes[index] ?? 0) + 1;
      },
    };
    return storage;
  };
  return { storageFor, opened, closes, memory: (schema = "field_service") => schemas.get(schema) };
}
