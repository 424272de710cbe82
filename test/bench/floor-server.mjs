#!/usr/bin/env node
// The floor of test/bench/throughput.mjs (issue 33): what a user could write instead of the
// service, node:http + pg with no rules, one JSON document per record, answering the bench's
// routes with the least SQL each needs, always one statement:
//   POST /customer                                       one INSERT
//   PUT  /store/externalId/S/setMaterialAmounts          one upsert of the batch's rows (3 in the bench)
//   PUT  /store/externalId/S/moveTo/T                    one UPDATE of the two rows (locked in store order)
//   GET  /order/externalId/O                             one SELECT
// Adapted from ../shared/tools/device-bench/floor-server.mjs (same SQL for the first three), with
// the move added and the port chosen by the system.
// Usage: DATABASE_URL=postgres://... node test/bench/floor-server.mjs   (prints "listening on URL")
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const STORES = ["centralni-sklad", "auto-1", "auto-2"];
const MATERIALS = Array.from({ length: 20 }, (_, i) => `MAT-${String(i + 1).padStart(3, "0")}`);
await pool.query(`CREATE SCHEMA IF NOT EXISTS naive;
  CREATE TABLE IF NOT EXISTS naive.customer (external_id text PRIMARY KEY, doc jsonb NOT NULL);
  CREATE TABLE IF NOT EXISTS naive.orders (external_id text PRIMARY KEY, doc jsonb NOT NULL);
  CREATE TABLE IF NOT EXISTS naive.stock (store text, material text, amount numeric NOT NULL, PRIMARY KEY (store, material));
  INSERT INTO naive.orders VALUES ('TP-ORDER', '{"externalId":"TP-ORDER","name":"Read me"}') ON CONFLICT DO NOTHING;`);
await pool.query(
  "INSERT INTO naive.stock SELECT s, m, 1000 FROM unnest($1::text[]) s, unnest($2::text[]) m ON CONFLICT DO NOTHING",
  [STORES, MATERIALS],
);

const send = (res, code, body) => {
  const s = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(code, body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(s) });
  res.end(s);
};
const read = (req) =>
  new Promise((resolve, reject) => {
    let b = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (b += c));
    req.on("end", () => resolve(b));
    req.on("error", reject);
  });

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === "/auth/login") {
      await read(req);
      return send(res, 200, { accessToken: "floor" });
    }
    if (!req.headers.authorization) return send(res, 401, { title: "Unauthorized" });
    if (req.method === "POST" && req.url === "/customer") {
      const c = JSON.parse(await read(req));
      if (typeof c.externalId !== "string" || typeof c.name !== "string") return send(res, 400, { title: "Bad request" });
      const r = await pool.query("INSERT INTO naive.customer VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING doc", [c.externalId, c]);
      return r.rowCount ? send(res, 201, r.rows[0].doc) : send(res, 409, { title: "Conflict" });
    }
    let m = /^\/store\/externalId\/([^/]+)\/setMaterialAmounts$/.exec(req.url ?? "");
    if (req.method === "PUT" && m) {
      const items = await read(req);
      await pool.query(
        `INSERT INTO naive.stock SELECT $1, x->>'materialId', (x->>'amount')::numeric FROM jsonb_array_elements($2::jsonb) x
         ON CONFLICT (store, material) DO UPDATE SET amount = EXCLUDED.amount`,
        [m[1], items],
      );
      return send(res, 204);
    }
    m = /^\/store\/externalId\/([^/]+)\/moveTo\/([^/]+)$/.exec(req.url ?? "");
    if (req.method === "PUT" && m) {
      const [item] = JSON.parse(await read(req));
      await pool.query(
        // The two rows are locked in store order first: two moves the other way round would
        // otherwise lock them in opposite orders and deadlock (measured: run H's floor ×2).
        `UPDATE naive.stock s SET amount = CASE WHEN s.store = $1 THEN greatest(s.amount - $3::numeric, 0) ELSE s.amount + $3::numeric END
         FROM (SELECT store FROM naive.stock WHERE material = $4 AND store IN ($1, $2) ORDER BY store FOR UPDATE) l
         WHERE s.material = $4 AND s.store = l.store`,
        [m[1], m[2], String(item.amount), item.materialId],
      );
      return send(res, 204);
    }
    m = /^\/order\/externalId\/([^/?]+)$/.exec(req.url ?? "");
    if (req.method === "GET" && m) {
      const r = await pool.query("SELECT doc FROM naive.orders WHERE external_id = $1", [m[1]]);
      return r.rowCount ? send(res, 200, r.rows[0].doc) : send(res, 404, { title: "Not found" });
    }
    send(res, 404, { title: "Not found" });
  } catch (e) {
    send(res, 500, { title: String(e) });
  }
});
server.listen(0, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
