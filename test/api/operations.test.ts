import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isJournaledWrite } from "../../src/api/operation.js";
import { apiOperations } from "../../src/api/operations.js";
import type { OperationId } from "../../src/api/operations.generated.js";
import { clientOperations } from "../../src/client/operations.generated.js";
import { interventionActions } from "../../src/intervention/machine.js";
import { orderActions } from "../../src/order/machine.js";
import { handlers } from "../../src/service/router.js";
import { tsFiles } from "../architecture/support.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ids = Object.keys(apiOperations) as OperationId[];

describe("the description of the operations (issue 35)", () => {
  it("each operation is described once: every placeholder names a record, reads and the storage's kinds are GETs, a body goes with a write", () => {
    const placeholders = new Set(["customer", "order", "intervention", "material", "store", "toStore"]);
    for (const id of ids) {
      const op = apiOperations[id];
      for (const m of op.path.matchAll(/\{(\w+)\}/g)) expect(placeholders.has(m[1] as string), `${id}: {${m[1]}}`).toBe(true);
      if (op.kind === "listing" || op.kind === "journal" || op.kind === "deviceSync") expect(op.method, id).toBe("GET");
      if (op.method === "GET") expect(op.body, id).toBeUndefined();
      if (op.success === 204) expect(op.answer, id).toBeUndefined();
      // A client checks every body it sends; a body of no fields is sent as none.
      if (isJournaledWrite(op)) expect(op.parse !== undefined, id).toBe(op.body !== undefined && op.body !== "EmptyBody");
      if (op.externalIdTable !== undefined) expect(op.parse, id).toBeDefined();
    }
    expect(ids.filter((id) => apiOperations[id].kind === "authentication")).toHaveLength(1);
  });

  it("the service handles exactly the decisions and the listing; the client's call table is the description's routes", () => {
    expect(Object.keys(handlers).sort()).toEqual(ids.filter((id) => ["decision", "listing"].includes(apiOperations[id].kind)).sort());
    expect(Object.keys(clientOperations)).toEqual(ids);
    for (const id of ids) {
      const described = apiOperations[id];
      const called = clientOperations[id];
      expect({ method: called.method, path: called.path, success: called.success, kind: called.kind, query: called.query, parse: called.parse }, id).toEqual({
        method: described.method, path: described.path, success: described.success, kind: described.kind, query: described.query, parse: described.parse,
      });
      expect(called.refs, id).toBe([...described.path.matchAll(/\{/g)].length);
    }
  });
});

/**
 * The hand-written files of src/ outside src/testing that name an operation as one: a string
 * literal of its name, or a key of a table of operations (an object literal, interface or type
 * literal of two keys or more, every one an operation's name). Left out: the state machines'
 * action names in the rule modules (src/order/, src/intervention/), which the spec names like
 * the operations that take them (`start`, `complete`, `planIntervention`), and a property read
 * (`range.start`).
 */
function filesNaming(): Map<OperationId, Set<string>> {
  const names = new Set<string>(ids);
  const actions = new Set<string>([...orderActions, ...interventionActions]);
  const out = new Map<OperationId, Set<string>>(ids.map((id) => [id, new Set()]));
  for (const path of tsFiles(join(root, "src"))) {
    const file = relative(join(root, "src"), path).split(sep).join("/");
    if (file.startsWith("testing/") || file.endsWith(".generated.ts")) continue;
    const ruleModule = file.startsWith("order/") || file.startsWith("intervention/");
    const note = (name: string): void => {
      if (names.has(name) && !(ruleModule && actions.has(name))) out.get(name as OperationId)?.add(file);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) note(node.text);
      else if (ts.isObjectLiteralExpression(node) || ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
        const members = ts.isObjectLiteralExpression(node) ? node.properties : node.members;
        const keys = members.map((m) => (m.name !== undefined && ts.isIdentifier(m.name) ? m.name.text : ""));
        if (keys.length >= 2 && keys.every((k) => names.has(k))) for (const k of keys) note(k);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true));
  }
  return out;
}

describe("one description per operation (issue 35)", () => {
  it("an operation's name appears in at most two hand-written source files outside tests and src/testing: its description and its handler", () => {
    const over: string[] = [];
    for (const [id, files] of filesNaming()) {
      const allowed = new Set(["api/operations.ts", ...[...files].filter((f) => f.startsWith("service/handlers/"))]);
      if (files.size > 2 || [...files].some((f) => !allowed.has(f))) over.push(`${id}: ${[...files].sort().join(", ")}`);
    }
    expect(over).toEqual([]);
  });
});
