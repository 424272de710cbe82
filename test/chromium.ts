// Headless Chromium for the browser tests (Debian's package, which .ci/run installs), driven by
// playwright-core, and the loopback HTTP server each of them serves its page from.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's binary. */
export const CHROMIUM: string = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/** Whether Chromium is on this machine (the browser tests are skipped with a note otherwise). */
export const chromiumPresent: boolean = existsSync(CHROMIUM);

/** Launches headless Chromium with the flags TOOLCHAIN.md verified on these machines. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

/** Starts a server on an ephemeral port of 127.0.0.1 and resolves with its base URL (no trailing slash). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes a server and its keep-alive connections. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
