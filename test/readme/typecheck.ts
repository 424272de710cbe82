// Type-checks a README snippet as if it were a file of test/readme/, under the project's strict
// settings (tsconfig.json): the diagnostics' messages, none when it compiles.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The diagnostics of a snippet compiled as `test/readme/<name>`.
 * @param name - the file name it is compiled under
 * @param text - its TypeScript text, imports pointing into src/
 * @returns the messages of every diagnostic
 */
export function snippetDiagnostics(name: string, text: string): string[] {
  const file = join(here, name);
  const config = ts.getParsedCommandLineOfConfigFile(join(here, "..", "..", "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const options = { ...config!.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (n, version, ...rest) => (n === file ? ts.createSourceFile(n, text, version) : getSourceFile(n, version, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (n) => n === file || fileExists(n);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/**
 * A README block with its package imports pointed at the sources (`field-service-rules/client`
 * → `../../src/client/index.js`), as a module, to type-check with {@link snippetDiagnostics}.
 * @param block - the README block
 * @returns the module text
 */
export function withSourceImports(block: string): string {
  return `export {};\n${block.replace(/from "field-service-rules\/(\w+)"/g, 'from "../../src/$1/index.js"')}`;
}

/**
 * A README block as JavaScript to run: its imports dropped (the test passes the imported names in)
 * and its types erased.
 * @param block - the README block
 * @returns the block's body as JavaScript
 */
export function runnableBlock(block: string): string {
  return ts.transpileModule(block.replace(/^import .*\n/gm, ""), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
}
