// The benches' one way to wait for a server they started (throughput.mjs, two-processes.mjs,
// http-read-cpu.mjs, ab-builds.mjs): the port it prints, then its standard output drained unread;
// and their one way to send it a single JSON request (`jsonRequest`).
//
// Why drained unread: `npm start` writes an access-log line a request. Until 29 November each
// bench kept appending them to one string and searching it at every chunk, in the process that
// also runs the load generator; the string grew to megabytes over a run, so the load generator
// slowed down for the service's cells only (the floor logs nothing). Measured on the throughput
// bench, one run each: order reads in memory 2,287 -> 7,458 req/s, on PostgreSQL x2 2,467 -> 3,797.

import http from "node:http";

const LISTENING = /listening on http:\/\/127\.0\.0\.1:(\d+)/;

/**
 * Resolves with the port `child` prints ("listening on http://127.0.0.1:PORT") within `timeoutMs`,
 * and from then on reads its standard output without keeping it. Rejects (and kills the child on
 * the timeout) when it exits first or stays silent.
 */
export function listeningPort(child, name, timeoutMs) {
  let seen = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not listen within ${timeoutMs} ms`));
    }, timeoutMs);
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening: ${seen.slice(-400)}`));
    };
    const onData = (d) => {
      seen += d;
      const m = LISTENING.exec(seen);
      if (m === null) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.off("exit", onExit);
      child.stdout.resume();
      resolve(Number(m[1]));
    };
    child.stdout.on("data", onData);
    child.once("exit", onExit);
  });
}

/**
 * One request to a server on 127.0.0.1, given up after 30 s; resolves with its status and text.
 * `body`, when given, is sent as JSON; `token` as a bearer token.
 */
export function jsonRequest(port, method, path, body, token) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1", port, method, path, timeout: 30_000,
        headers: { ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}
