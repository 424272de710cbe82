#!/usr/bin/env node
// The driver alone (issue 33): Node CPU per operation of a plain `pg` pool, no service, no HTTP,
// the floor under what one statement costs a process on this machine. An operation is
//   one  - one write (an UPDATE of one row, committed: a WAL flush);
//   seq  - a read of the row, then the write once the read is answered (a view, then a commit);
//   pipe - the write and the read sent together on one connection in pg's pipeline mode, one wait.
// WRITE_CPU_INFLIGHT operations at a time (default 1), each on a connection of its own; `count`
// operations measured after as many of warm-up. Prints the CPU per operation
// (process.cpuUsage()) and operations a second.
//   scripts/with-postgres.sh node test/bench/pg-statement-cpu.mjs one|seq|pipe [count]
import pg from "pg";

const mode = process.argv[2] ?? "seq";
const count = Number(process.argv[3] ?? 3000);
const inflight = Number(process.env.WRITE_CPU_INFLIGHT ?? 1);
if (!["one", "seq", "pipe"].includes(mode) || !Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(inflight) || inflight < 1 || inflight > 64) {
  console.error("usage: [WRITE_CPU_INFLIGHT=1..64] pg-statement-cpu.mjs one|seq|pipe [count]");
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error("pg-statement-cpu: DATABASE_URL is not set; run it under scripts/with-postgres.sh");
  process.exit(2);
}
const table = `bench_statement_${Date.now().toString(36)}`;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: inflight, ...(mode === "pipe" ? { pipeline: true } : {}) });
await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY, v int NOT NULL)`);
await pool.query(`INSERT INTO ${table} SELECT g, 0 FROM generate_series(1, ${inflight}) g`);
const read = (id) => ({ name: `${table}_read`, text: `SELECT v FROM ${table} WHERE id = $1`, values: [id] });
const write = (id) => ({ name: `${table}_write`, text: `UPDATE ${table} SET v = v + 1 WHERE id = $1`, values: [id] });
/** One operation on connection `c`, on row `id` (each connection its own row: no lock waits). */
const operation = async (c, id) => {
  if (mode === "one") await c.query(write(id));
  else if (mode === "seq") {
    await c.query(read(id));
    await c.query(write(id));
  } else await Promise.all([c.query(write(id)), c.query(read(id))]);
};
let next = 0;
const drive = (until) =>
  Promise.all(Array.from({ length: inflight }, async (_, k) => {
    const c = await pool.connect();
    try {
      while (next < until) {
        next++;
        await operation(c, k + 1);
      }
    } finally {
      c.release();
    }
  }));
try {
  await drive(count);
  const before = process.cpuUsage();
  const started = performance.now();
  await drive(2 * count);
  const used = process.cpuUsage(before);
  const wall = performance.now() - started;
  const us = (micros) => (micros / count).toFixed(1);
  console.log(`| ${mode} | ${inflight} | ${count} | ${us(used.user + used.system)} | ${us(used.user)} | ${us(used.system)} | ${(count / (wall / 1000)).toFixed(0)} |`);
} finally {
  await pool.query(`DROP TABLE ${table}`);
  await pool.end();
}
