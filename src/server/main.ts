import { createFieldService } from "../service/create.js";
import { demoFixture } from "./demo-fixture.js";
import { createHttpServer } from "./http.js";

// `npm start`: the reference service with the demonstration fixture on 127.0.0.1.
const port = Number(process.env["PORT"] ?? 8080);
const host = "127.0.0.1";
const service = createFieldService({ fixture: demoFixture });
const server = createHttpServer(service);

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === "object" && address !== null ? address.port : port;
  const base = `http://${host}:${actualPort}`;
  const lines = [
    `field-service-rules reference service listening on ${base}`,
    "",
    "Demo credentials (tenantCode / clientId / secret):",
    ...demoFixture.companies.map((c) => `  ${c.tenantCode} / ${c.clients[0]?.clientId ?? ""} / ${c.clients[0]?.secret ?? ""}   (${c.name})`),
    "",
    "Log in:",
    `  curl -s -X POST ${base}/auth/login -H 'content-type: application/json' -d '{"tenantCode":"demo","clientId":"demo-client","secret":"demo-secret"}'`,
    "",
    "Stop with Ctrl+C.",
  ];
  console.log(lines.join("\n"));
});

function shutdown(signal: string): void {
  console.log(`${signal} received, shutting down.`);
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
