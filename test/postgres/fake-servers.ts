// Servers that misbehave on purpose, for the bounded waits of the PostgreSQL storage and the
// command (issue 21): one that accepts TCP connections and never says a word, and one that
// completes the PostgreSQL handshake and then never answers a query.
import { createServer, type Server, type Socket } from "node:net";

/** A listening fake server: its connection string, and how to stop it (dropping every connection). */
export interface FakeServer {
  /** `postgres://postgres@127.0.0.1:<port>/fake` */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: () => number;
  /** Messages received after the handshake (queries the driver sent), so far. */
  readonly received: () => number;
  /** Closes the server and every connection. */
  readonly close: () => Promise<void>;
}

async function listen(onConnection: (socket: Socket, received: () => void) => void): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let received = 0;
  const server: Server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    onConnection(socket, () => received++);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/fake`,
    port,
    accepted: () => accepted,
    received: () => received,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Accepts connections, reads what comes, and never answers. */
export function silentServer(): Promise<FakeServer> {
  return listen((socket) => socket.resume());
}

/**
 * Completes the PostgreSQL startup (AuthenticationOk, ReadyForQuery) and then reads every query
 * without answering: the driver is connected and waits for an answer that never comes.
 */
export function mutedServer(): Promise<FakeServer> {
  return listen((socket, received) => {
    let greeted = false;
    socket.on("data", () => {
      if (greeted) return received();
      greeted = true;
      const authOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authOk, ready]));
    });
  });
}
