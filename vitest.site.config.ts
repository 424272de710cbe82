import { defineConfig, type ViteUserConfig } from "vitest/config";

// The browser test of the built API reference site (issue 16); run by `npm run docs:check`
// right after tools/api-reference.ts has built docs/site/.
const config: ViteUserConfig = defineConfig({
  test: {
    include: ["test/site/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
export default config;
