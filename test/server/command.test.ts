// src/server/command.ts: what every form of the command reads the same way. The settings are
// also checked through `parseCliArgs` (cli.test.ts) and `parseJournalArgs` (journal-command.test.ts);
// here each helper alone, at its bounds.
import { describe, expect, it } from "vitest";
import { answerHelpOrUsage, checkDatabaseUrl, CLI_USAGE, DEFAULT_DATABASE_TIMEOUT_MS, parseTimeout } from "../../src/server/command.js";

describe("the settings every command reads alike", () => {
  it("a timeout is seconds above 0 and at most an hour, to the millisecond; the message names the setting", () => {
    expect(parseTimeout("0.5", "--database-timeout")).toBe(500);
    expect(parseTimeout("0.001", "--database-timeout")).toBe(1);
    expect(parseTimeout("3600", "DATABASE_TIMEOUT")).toBe(3_600_000);
    // Whole milliseconds, where seconds times 1000 is not (1.001 * 1000 is 1000.9999999999999).
    expect(parseTimeout("1.001", "--database-timeout")).toBe(1_001);
    expect(parseTimeout("2.3", "--database-timeout")).toBe(2_300);
    expect(DEFAULT_DATABASE_TIMEOUT_MS).toBe(10_000);
    for (const bad of ["0", "0.0", "3600.001", "3601", "-1", "1e3", "1.0001", " 1", "", "10000"]) {
      expect(parseTimeout(bad, "DATABASE_TIMEOUT")).toBe(`DATABASE_TIMEOUT must be a number of seconds above 0 and at most 3600, got ${JSON.stringify(bad)}`);
    }
  });
  it("a database URL is a postgres:// or postgresql:// URL; the message never repeats the value", () => {
    expect(checkDatabaseUrl("postgres://u:p@localhost:5432/db", "--database-url")).toBeUndefined();
    expect(checkDatabaseUrl("postgresql://localhost/db", "DATABASE_URL")).toBeUndefined();
    const notUrl = checkDatabaseUrl("secret-password", "--database-url");
    expect(notUrl).toBe("--database-url must be a PostgreSQL URL such as postgres://user:password@localhost:5432/database; the value given is not a URL");
    const http = checkDatabaseUrl("http://u:hunter2@example.com", "DATABASE_URL");
    expect(http).toBe("DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@localhost:5432/database; the value given is a http: URL");
    expect(http).not.toContain("hunter2");
  });
  it("--help prints the usage on stdout and exits 0; a usage error is one line on stderr, exit 2", () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(answerHelpOrUsage({ kind: "help" }, io)).toBe(0);
    expect(out).toEqual([CLI_USAGE]);
    expect(answerHelpOrUsage({ kind: "usage", message: "--port needs a value; see --help" }, io)).toBe(2);
    expect(err).toEqual(["field-service-rules: --port needs a value; see --help"]);
    expect(out).toHaveLength(1);
  });
});
