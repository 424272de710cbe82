// Types of the pure pieces of throughput-stats.mjs, for test/bench/throughput-stats.test.ts.
export declare function clockTicksPerSecond(): number;
export declare function parseProcStat(text: string): { comm: string; ppid: number; user: number; system: number; ticks: number; childTicks: number } | undefined;
export declare function percentile(sorted: readonly number[], q: number): number;
export declare function cpuPerRequest(ticks: number, hz: number, requests: number): number;
export declare function ratio(a: number, b: number): number;
export declare function planSlot(n: number, technicians: readonly string[], firstDay: string): { userId: string; day: string; plannedStart: string; plannedEnd: string };
export declare function stockSetMaterials(n: number): string[];
/** One round of one cell, as test/bench/throughput.mjs measures it. */
export interface Round { ok: number; answered: number; duration: number; latencies: readonly number[]; bad: number; svcTicks: number; svcMainTicks: number; pgTicks: number }
/** One cell of the table over its rounds. */
export interface Cell { rps: number; p50: number; p99: number; bad: number; svc: number; svcMain: number; pg: number; rounds: { rps: number; svc: number; svcMain: number; pg: number }[] }
export declare function median(values: readonly number[]): number;
export declare function combineRounds(rounds: readonly Round[], hz: number): Cell;
export declare function roundOrder<T>(list: readonly T[], round: number): T[];
export declare function roundRatios(ours: Cell | undefined, theirs: Cell | undefined, field: "rps" | "svc" | "svcMain" | "pg"): { median: number; min: number; max: number; rounds: number[] };
export declare function settledTicks(scan: () => ReadonlyMap<string, number>, self: () => { ticks: number; childTicks: number }, attempts?: number): { ticks: number; settled: boolean };
export declare const BENCH_STORES: readonly string[];
export declare function stockSetAmounts(n: number): { materialId: string; amount: number }[];
export declare function benchCustomer(externalId: string): Record<string, unknown>;
