// What the HTTP benches that start servers share (throughput.mjs, latency-at-rate.mjs): the
// servers they start, each killed when the bench ends however it ends, and the CPU of a process
// and of PostgreSQL, read from /proc; and the commit a report names.
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { listeningPort } from "./listening.mjs";
import { parseProcStat, settledTicks } from "./throughput-stats.mjs";

/**
 * The servers of one bench: `start(name, args, env)` runs `args` under node (its `PORT` emptied,
 * `env` added) and resolves with `{ name, child, port }` once it prints its port, its standard
 * error copied to the bench's with the name in front; `killAll()` kills every one still running,
 * which also happens when the bench exits, or on SIGINT, SIGTERM and SIGHUP.
 * @param timeoutMs - how long a server may take to listen
 */
export function serverProcesses(timeoutMs = 60_000) {
  const children = new Set();
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  };
  process.on("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1)));
  const start = (name, args, env) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, PORT: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    child.once("exit", () => children.delete(child));
    child.stderr.on("data", (d) => process.stderr.write(`[${name}] ${d}`));
    return listeningPort(child, name, timeoutMs).then((port) => ({ name, child, port }));
  };
  return { start, killAll };
}

/** /proc/<pid>/stat read ({@link parseProcStat}), or `undefined` when the process is gone; `task` reads that thread's instead. */
export function procStat(pid, task) {
  try {
    return parseProcStat(readFileSync(task === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${task}/stat`, "utf8"));
  } catch {
    return undefined;
  }
}

/** The CPU ticks (utime + stime) of these processes now; a process gone counts 0. */
export function ticksOf(pids) {
  return pids.reduce((n, pid) => n + (procStat(pid)?.ticks ?? 0), 0);
}

/**
 * The CPU ticks of these processes' main threads now (`/proc/<pid>/task/<pid>/stat`: the thread
 * whose id is the process's): what a server's JavaScript and its I/O cost, without V8's compiler
 * and garbage-collector helper threads or libuv's pool. A process gone counts 0.
 */
export function mainThreadTicksOf(pids) {
  return pids.reduce((n, pid) => n + (procStat(pid, pid)?.ticks ?? 0), 0);
}

/**
 * CPU ticks of PostgreSQL now: the postmaster's own, those of its children alive now (found by
 * their parent pid), and those of its children that exited and were reaped (the postmaster's
 * cutime + cstime), read so that a backend reaped meanwhile is counted once (`settledTicks`: a
 * server's pool closes its connections after 10 s idle, which between rounds happens while
 * another server is measured; read in one pass, such a backend had once made a round's
 * PostgreSQL CPU negative).
 * @param postmaster - the postmaster's pid (the parent of a backend's)
 */
export function postgresTicks(postmaster) {
  return settledTicks(
    () => {
      const children = new Map();
      for (const d of readdirSync("/proc")) {
        if (!/^\d+$/.test(d)) continue;
        const s = procStat(d);
        if (s?.ppid === postmaster) children.set(d, s.ticks);
      }
      return children;
    },
    () => {
      const s = procStat(postmaster);
      return { ticks: s?.ticks ?? 0, childTicks: s?.childTicks ?? 0 };
    },
  ).ticks;
}

/** The short hash of HEAD, "… with local changes" when tracked files differ from it, or "unknown" outside git: what a report was run on. */
export function checkedOutCommit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return dirty ? `${head} with local changes` : head;
  } catch {
    return "unknown";
  }
}
