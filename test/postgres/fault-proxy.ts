// A TCP proxy in front of the test server that loses the network on cue: it reads the frontend
// protocol's message frames, counts the statements the driver sends (a simple Query, or the first
// message of an extended-protocol statement after a Sync), and can drop every connection just
// before the n-th statement from now reaches the server. A statement cut that way never ran, so
// a request it belongs to must answer 503 and leave the database as it was (ERR-2, GEN-8), at
// whichever of its statements the line goes down.
import { connect, createServer, type Server, type Socket } from "node:net";

/** A proxy listening on 127.0.0.1 that forwards to one PostgreSQL server. */
export interface FaultProxy {
  /** The target's connection string with the proxy's host and port in its place. */
  readonly url: string;
  /** Connections the driver opened through the proxy, so far. */
  readonly accepted: () => number;
  /** Connections open now. */
  readonly open: () => number;
  /** Statements that reached the server, so far. */
  readonly statements: () => number;
  /**
   * Drops every connection when the statement `n` statements from now (0: the next one) is about
   * to be forwarded; that statement and what follows it on the line never reach the server.
   */
  readonly cutBefore: (n: number) => void;
  /** Whether the armed cut happened (and disarms it). */
  readonly cutHappened: () => boolean;
  /** Drops every connection now (the server restarting under idle connections). */
  readonly dropAll: () => void;
  /** Forgets an armed cut that has not happened. */
  readonly disarm: () => void;
  /** Closes the proxy and every connection. */
  readonly close: () => Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/**
 * Starts a proxy to the server `target` names.
 * @param target - a `postgres://` connection string
 * @returns the proxy, listening
 */
export async function faultProxy(target: string): Promise<FaultProxy> {
  const url = new URL(target);
  const host = url.hostname;
  const port = Number(url.port === "" ? 5432 : url.port);
  const sockets = new Set<Socket>();
  let accepted = 0;
  let statements = 0;
  let armedAt: number | undefined;
  let happened = false;

  const dropAll = (): void => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };

  const server: Server = createServer((client) => {
    accepted++;
    const upstream = connect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    let pending: Buffer = Buffer.alloc(0);
    let started = false;
    let atBoundary = true;
    client.on("data", (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let forward = 0;
      for (;;) {
        if (!started) {
          if (pending.length - forward < 8) break;
          const length = pending.readInt32BE(forward);
          if (pending.length - forward < length) break;
          const code = pending.readInt32BE(forward + 4);
          forward += length;
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) started = true;
          continue;
        }
        if (pending.length - forward < 5) break;
        const type = String.fromCharCode(pending[forward]!);
        const length = pending.readInt32BE(forward + 1);
        if (pending.length - forward < 1 + length) break;
        if (atBoundary && "PBDEQCH".includes(type)) {
          if (armedAt !== undefined && statements >= armedAt) {
            armedAt = undefined;
            happened = true;
            // What came before this statement in the same chunk is delivered; this one is not.
            if (forward > 0) upstream.write(pending.subarray(0, forward));
            dropAll();
            return;
          }
          statements++;
          atBoundary = type === "Q";
        } else if (type === "S") {
          atBoundary = true;
        }
        forward += 1 + length;
      }
      if (forward > 0) upstream.write(pending.subarray(0, forward));
      pending = pending.subarray(forward);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const listening = (server.address() as { port: number }).port;
  const proxied = new URL(target);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(listening);
  return {
    url: proxied.toString(),
    accepted: () => accepted,
    open: () => sockets.size / 2,
    statements: () => statements,
    cutBefore: (n) => {
      happened = false;
      armedAt = statements + n;
    },
    cutHappened: () => {
      const was = happened;
      happened = false;
      return was;
    },
    dropAll,
    disarm: () => {
      armedAt = undefined;
    },
    close: async () => {
      dropAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
