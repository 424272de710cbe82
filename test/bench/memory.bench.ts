import v8 from "node:v8";
import vm from "node:vm";
import { bench, describe } from "vitest";
import { loadCompany } from "./service-load.js";

// Heap of a company with 100,000 materials (all stocked in one store, so its listing index
// is built), 10,000 customers, 10,000 orders and 50,000 interventions, loaded through
// `handle`. Measured after a full GC; the figure is printed, not asserted.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

describe("memory", () => {
  bench("load 100k materials, 10k customers, 10k orders, 50k interventions; print heap", () => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const load = loadCompany({ materials: 100_000, technicians: 200, customers: 10_000, orders: 10_000, interventionsPerOrder: 5, disableCollisions: false });
    const seconds = (performance.now() - started) / 1000;
    gc();
    const after = process.memoryUsage().heapUsed;
    const mib = (b: number): string => (b / 1024 / 1024).toFixed(0);
    console.log(`[memory] load took ${seconds.toFixed(1)} s; heap ${mib(before)} MiB before, ${mib(after)} MiB after (+${mib(after - before)} MiB); ${load.orderIds.length} orders`);
  }, { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 });
});
