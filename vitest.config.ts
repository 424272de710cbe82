import { defineConfig, type ViteUserConfig } from "vitest/config";

const config: ViteUserConfig = defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The library holds no global state; sharing one module graph saves ~2 s per file.
    isolate: false,
    setupFiles: ["test/setup.ts"],
    typecheck: { enabled: false },
    benchmark: { include: ["test/bench/**/*.bench.ts"] },
  },
});
export default config;
