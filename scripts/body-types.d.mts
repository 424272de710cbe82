// Types of the pure pieces of body-types.mjs, for test/scripts/body-types.test.ts.
export interface SourceDocs {
  readonly objects: ReadonlyMap<string, { readonly doc: Readonly<Record<string, string>> | undefined; readonly fields: ReadonlyMap<string, Readonly<Record<string, string>> | undefined> }>;
  readonly commands: ReadonlyMap<string, string | undefined>;
}
export declare const SOURCES: readonly { readonly source: string; readonly out: string }[];
export declare function bodiesOf(module: Readonly<Record<string, unknown>>): unknown[];
export declare function readDocs(text: string): SourceDocs;
export declare function renderBodyTypes(bodies: readonly unknown[], docs: SourceDocs, source: string, out: string): string;
export declare function withRule(text: string, rule: string | undefined): string;
export declare function fieldsOf(bodies: readonly unknown[]): { object: string; key: string; rule: string | undefined; values: string[] | undefined }[];
export declare function describedFields(): Promise<{ object: string; key: string; rule: string | undefined; values: string[] | undefined }[]>;
