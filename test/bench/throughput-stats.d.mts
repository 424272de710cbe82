// Types of the pure pieces of throughput-stats.mjs, for test/bench/throughput-stats.test.ts.
export declare function parseProcStat(text: string): { comm: string; ppid: number; ticks: number; childTicks: number } | undefined;
export declare function percentile(sorted: readonly number[], q: number): number;
export declare function cpuPerRequest(ticks: number, hz: number, requests: number): number;
export declare function ratio(a: number, b: number): number;
export declare function planSlot(n: number, technicians: readonly string[], firstDay: string): { userId: string; day: string; plannedStart: string; plannedEnd: string };
export declare function stockSetMaterials(n: number): string[];
