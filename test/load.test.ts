// Every entry point loads. Code that runs when a module is imported (the route table, the body
// schemas, the issue catalog, the settings defaults) is exercised inside a test here: a change
// that breaks it fails these tests, and not only the loading of every file that imports it,
// which a test runner (and a mutation run) reports as files without tests rather than as failures.
// No static import: each entry is imported inside its test.
import { describe, expect, it } from "vitest";

const entries = {
  "field-service-rules": () => import("../src/index.js"),
  "field-service-rules/service": () => import("../src/service/index.js"),
  "field-service-rules/server": () => import("../src/server/index.js"),
  "field-service-rules/postgres": () => import("../src/postgres/index.js"),
  "field-service-rules/testing": () => import("../src/testing/index.js"),
  "field-service-rules/client": () => import("../src/client/index.js"),
} as const;

describe("entry points", () => {
  for (const [name, load] of Object.entries(entries)) {
    it(`GEN-2: ${name} loads and every export is defined`, async () => {
      const m = (await load()) as Record<string, unknown>;
      expect(Object.keys(m).length).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(m)) expect(value, key).toBeDefined();
    });
  }

  it("GEN-2, UPS-9: the route table compiles: every operation has a method, a path and its success status", async () => {
    const { apiRoutes } = await import("../src/api/routes.js");
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const r of apiRoutes) {
      expect(["GET", "POST", "PUT"], r.operation).toContain(r.method);
      expect(r.path, r.operation).toMatch(/^\/[a-zA-Z]/);
      expect([200, 201, 204], r.operation).toContain(r.success);
    }
  });
});
