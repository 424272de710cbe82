// Every query a request sends is scoped by company (AUTH-4, and the precondition of sharding by
// company: docs/embedding.md "Beyond one database"). The storage reports each statement it sends
// (`onQuery`); each one is planned with EXPLAIN and every scan of a tenant table must filter on
// company_id (an index condition, a filter or a recheck). A query added without that fails here.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { databaseUrl, dropSchemas } from "./support.js";
import { loginBody, scenario, scenarioService } from "./scenario.js";

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

/** Tables keyed by company_id. `companies` (the tenants themselves) and `migrations` are not. */
const TENANT_TABLES = new Set(["tokens", "customers", "orders", "interventions", "allocations", "stores", "materials", "catalog_values", "stock", "stock_versions"]);

interface PlanNode {
  readonly "Node Type": string;
  readonly "Relation Name"?: string;
  readonly "Index Cond"?: string;
  readonly Filter?: string;
  readonly "Recheck Cond"?: string;
  readonly "Hash Cond"?: string;
  readonly "Join Filter"?: string;
  readonly Plans?: readonly PlanNode[];
}

/** Scans of tenant tables whose conditions do not name company_id (or, inside an inner join or a semi-join, whose parent's do). */
function unscoped(node: PlanNode, out: string[]): void {
  const relation = node["Relation Name"];
  const scans = ["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan"];
  if (relation !== undefined && TENANT_TABLES.has(relation) && scans.includes(node["Node Type"])) {
    const conditions = [node["Index Cond"], node.Filter, node["Recheck Cond"]].filter((c) => c !== undefined).join(" ");
    if (!/company_id/.test(conditions)) out.push(`${node["Node Type"]} on ${relation}`);
  }
  for (const child of node.Plans ?? []) unscoped(child, out);
}

describe.runIf(databaseUrl !== undefined)("every query is scoped by company", () => {
  it("AUTH-4: every statement of every kind of request scans tenant tables only through company_id", async () => {
    const sent: { text: string; values: readonly unknown[] }[] = [];
    const { service } = await scenarioService(schemas, { onQuery: (text, values) => values !== undefined && sent.push({ text, values }) });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const token = ((await service.handle({ method: "POST", path: "/auth/login", body: loginBody })).body as { accessToken: string }).accessToken;
      for (const step of scenario) {
        const r = await service.handle({ method: step.method, path: step.path, headers: { authorization: `Bearer ${token}` }, ...(step.body === undefined ? {} : { body: step.body }) });
        expect([step.name, r.status]).toEqual([step.name, step.status]);
      }
      expect(sent.length).toBeGreaterThan(scenario.length);
      const problems: string[] = [];
      // Plans over the scenario's tiny tables would pick sequential scans everywhere; forbid
      // them, so each plan shows how the query reaches its rows through the indexes.
      await client.query("SET enable_seqscan = off");
      for (const { text, values } of sent) {
        const plan = await client.query(`EXPLAIN (FORMAT JSON) ${text}`, [...values]);
        const root = (plan.rows[0] as { "QUERY PLAN": { Plan: PlanNode }[] })["QUERY PLAN"][0]!.Plan;
        const found: string[] = [];
        unscoped(root, found);
        for (const f of found) problems.push(`${f}: ${text.replace(/\s+/g, " ").slice(0, 160)}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await client.end();
      await service.close();
    }
  });
});
