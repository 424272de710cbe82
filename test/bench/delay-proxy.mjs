#!/usr/bin/env node
// A TCP proxy that delays every chunk by a timer, each way: a stand-in for a database on another
// host, for the contention benches (issue 33; docs/performance.md, "A locked retry in 3 round
// trips" and "A company's hot stock read with its lock"). A timer of 0.5 ms adds about 1 ms each
// way in effect (timers fire on the next loop turn after their delay).
//   node test/bench/delay-proxy.mjs <listen port> <upstream port on 127.0.0.1> <delay ms>
//   DATABASE_URL=postgres://postgres@127.0.0.1:<listen port>/postgres node test/bench/write-race.mjs set 2 5 8
import net from "node:net";

const [listenPort, upstreamPort, delayMs] = process.argv.slice(2).map(Number);
if (![listenPort, upstreamPort].every((p) => Number.isInteger(p) && p > 0 && p < 65536) || !(delayMs >= 0 && delayMs <= 1000)) {
  console.error("usage: delay-proxy.mjs <listen port> <upstream port> <delay ms, 0-1000>");
  process.exit(2);
}
net
  .createServer((down) => {
    down.setNoDelay(true);
    const up = net.connect(upstreamPort, "127.0.0.1");
    up.setNoDelay(true);
    const pipe = (from, to) => from.on("data", (chunk) => setTimeout(() => to.write(chunk), delayMs));
    pipe(down, up);
    pipe(up, down);
    const end = () => {
      down.destroy();
      up.destroy();
    };
    for (const socket of [down, up]) {
      socket.on("error", end);
      socket.on("close", end);
    }
  })
  .listen(listenPort, "127.0.0.1", () => console.log(`delay-proxy: 127.0.0.1:${listenPort} -> 127.0.0.1:${upstreamPort}, ${delayMs} ms each way`));
