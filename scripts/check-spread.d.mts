// Types of the pure piece of check-spread.mjs, for test/scripts/check-spread.test.ts.
export declare function spreadProblems(path: string, text: string): string[];
