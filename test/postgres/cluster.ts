// A throwaway PostgreSQL 15 cluster a test can stop and start (as scripts/with-postgres.sh
// makes one): for the storage's behaviour while the database is down or out of connections.
// Needs Debian's postgresql-15 binaries; as root the server runs as the `postgres` user.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BIN = process.env["PG_BIN"] ?? "/usr/lib/postgresql/15/bin";
const root = typeof process.getuid === "function" && process.getuid() === 0;

/** Whether a cluster can be made here (the server binaries exist). */
export const canMakeCluster: boolean = existsSync(join(BIN, "initdb")) && existsSync(join(BIN, "pg_ctl"));

/** A cluster of the test's own. */
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** Starts the server and waits until it accepts connections. */
  readonly start: () => void;
  /** Stops the server (fast shutdown: sessions are ended) and waits until it is down. */
  readonly stop: () => void;
  /** Stops the server if running and deletes the cluster. */
  readonly remove: () => void;
}

/**
 * The first port from `from` to `to` that nothing listens on (a cluster left running by a run
 * that was killed keeps its port), for {@link makeCluster}.
 * @param from - first port to try
 * @param to - last port to try
 */
export async function freePort(from = 56020, to = 56099): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from} to ${to}`);
}

function run(command: string, args: readonly string[]): void {
  if (root) {
    const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
    execFileSync("su", ["postgres", "-c", quoted], { stdio: "ignore" });
  } else execFileSync(command, args, { stdio: "ignore" });
}

/**
 * Makes a cluster in a temporary directory, listening on 127.0.0.1:`port`, not yet started.
 * @param port - a port from 56000 to 56099 (reserved for such clusters on this machine)
 * @param settings - server settings (`max_connections` ...), passed as `-c name=value`
 */
export function makeCluster(port: number, settings: Readonly<Record<string, string>> = {}): Cluster {
  const dir = mkdtempSync(join(tmpdir(), "fsr-cluster-"));
  if (root) {
    // The postgres user's uid and gid, whatever they are on this machine.
    const ids = execFileSync("id", ["postgres"], { encoding: "utf8" });
    const uid = Number(/uid=(\d+)/.exec(ids)?.[1]);
    const gid = Number(/gid=(\d+)/.exec(ids)?.[1]);
    chownSync(dir, uid, gid);
  }
  run(join(BIN, "initdb"), ["-D", dir, "-A", "trust", "-U", "postgres"]);
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`)].join(" ");
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      run(join(BIN, "pg_ctl"), ["-D", dir, "-l", join(dir, "log"), "-o", options, "-w", "start"]);
      running = true;
    },
    stop: () => {
      run(join(BIN, "pg_ctl"), ["-D", dir, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    remove: () => {
      if (running) {
        try {
          run(join(BIN, "pg_ctl"), ["-D", dir, "-m", "immediate", "-w", "stop"]);
        } catch {
          // Already down.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
