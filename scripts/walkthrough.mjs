#!/usr/bin/env node
// The README's walk-through as data and as a runnable script (`npm run demo`): the same
// requests as the curl steps, against a running stand-in (`npm start`, or the URL given as the
// first argument or in FSR_BASE_URL), printing each answer. Each step also says what the
// README claims of its answer; `test/readme/walkthrough.test.ts` runs the steps against a
// started server, checks those claims, and checks that the README's curl commands send exactly
// these requests, so the README cannot drift from the product.

const login = { tenantCode: "demo", clientId: "demo-client", secret: "demo-secret" };

/**
 * One step: the request (`path` relative to the base URL), the status the README shows, and a
 * check of the answer that returns the claims it breaks (empty when all hold).
 * @type {Array<{ title: string, method: string, path: string, body?: unknown, status: number,
 *   check?: (body: any) => string[] }>}
 */
export const steps = [
  {
    title: "1. log in",
    method: "POST",
    path: "/auth/login",
    body: login,
    status: 200,
    check: (b) => (typeof b?.accessToken === "string" && b.success === true ? [] : ["the answer carries success: true and an accessToken"]),
  },
  {
    title: "2. create a customer",
    method: "POST",
    path: "/customer",
    body: {
      externalId: "CUST-1",
      name: "Pekárna U Zlatého klasu",
      identificationNumber: "27074358",
      notificationEmails: ["provoz@pekarna.cz"],
      contactPeople: [
        { externalId: "jana", firstName: "Jana", lastName: "Malá", email: "jana@pekarna.cz", phone: { prefix: "+420", phone: "601 234 567" }, sendNotifications: true },
      ],
      addresses: [{ externalId: "provozovna", street: "Pražská 12", city: "Brno", postalCode: "602 00", country: "CZ" }],
    },
    status: 201,
    check: (b) => (typeof b?.id === "string" ? [] : ['the answer is {"id": ...}']),
  },
  {
    title: "3. create an order",
    method: "POST",
    path: "/order",
    body: { externalId: "ORD-1", customerId: "CUST-1", addressId: "provozovna", contactPersonId: "jana", categoryId: "oprava", name: "Nechladí chladicí box" },
    status: 201,
  },
  {
    title: "4. plan an intervention for tech-1",
    method: "POST",
    path: "/order/externalId/ORD-1/PlanIntervention",
    body: {
      primaryAssigneeId: "tech-1",
      day: "2026-12-03",
      categoryId: "oprava",
      sendNotificationNow: true,
      sendReminderOneDayBefore: true,
      assignations: [{ userId: "tech-1", plannedStart: "2026-12-03T09:00:00+01:00", plannedEnd: "2026-12-03T11:00:00+01:00" }],
    },
    status: 200,
    check: (b) => (b?.state === "Planned" && b?.day === "2026-12-03" ? [] : ["the answer is the detail of a Planned intervention on 2026-12-03"]),
  },
  {
    title: "5. an overlapping slot is refused",
    method: "POST",
    path: "/order/externalId/ORD-1/PlanIntervention",
    body: {
      primaryAssigneeId: "tech-1",
      day: "2026-12-03",
      categoryId: "revize",
      assignations: [{ userId: "tech-1", plannedStart: "2026-12-03T10:30:00+01:00", plannedEnd: "2026-12-03T12:00:00+01:00" }],
    },
    status: 400,
    check: (b) => {
      const e = b?.errors?.[0];
      return b?.name === "BadRequest" && e?.code === "Collision" && e?.path === "assignations[0]" && /2026-12-03T08:00:00\.000Z–2026-12-03T10:00:00\.000Z/.test(e?.message ?? "")
        ? []
        : ["400 BadRequest with Collision at assignations[0] naming 08:00–10:00Z"];
    },
  },
  {
    title: "6. move 5 screws and all technician work to a van",
    method: "PUT",
    path: "/store/externalId/centralni-sklad/moveTo/auto-2",
    body: [{ materialId: "MAT-001", amount: 5 }, { materialId: "MAT-020" }],
    status: 204,
  },
  {
    title: "7. a store page with a Czech search phrase",
    method: "GET",
    path: "/store/externalId/centralni-sklad?page=1&pageSize=5&searchPhrase=SROUB&sortBy=amount&sortOrder=descend",
    status: 200,
    check: (b) => {
      const items = (b?.materials?.items ?? []).map((i) => `${i.name} (${i.amount})`);
      return JSON.stringify(items) === JSON.stringify(["Šroub M8 (20)", "Šroub M6 (5)"]) ? [] : [`the page lists "Šroub M8" (20) and "Šroub M6" (5), got ${JSON.stringify(items)}`];
    },
  },
];

/**
 * Runs the steps in order against a base URL with `fetch`, logging in first and sending the
 * token with every later request.
 * @param {string} base - e.g. http://127.0.0.1:8080
 * @param {(line: string) => void} [print] - where each answer goes
 * @returns {Promise<Array<{ step: string, status: number, body: unknown, problems: string[] }>>}
 */
export async function runWalkthrough(base, print = () => {}) {
  let token;
  const results = [];
  for (const step of steps) {
    const headers = { ...(step.body === undefined ? {} : { "content-type": "application/json" }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) };
    const response = await fetch(`${base}${step.path}`, { method: step.method, headers, ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }) });
    const text = await response.text();
    const body = text === "" ? undefined : JSON.parse(text);
    if (step.path === "/auth/login") token = body?.accessToken;
    const problems = [];
    if (response.status !== step.status) problems.push(`status ${response.status}, the README shows ${step.status}`);
    if (step.check !== undefined) problems.push(...step.check(body));
    results.push({ step: step.title, status: response.status, body, problems });
    print(`${step.title}: ${step.method} ${step.path}\n  -> ${response.status}${body === undefined ? "" : ` ${JSON.stringify(body)}`}${problems.length > 0 ? `\n  !! ${problems.join("; ")}` : ""}`);
  }
  return results;
}

const isMain = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const base = process.argv[2] ?? process.env.FSR_BASE_URL ?? "http://127.0.0.1:8080";
  try {
    const results = await runWalkthrough(base, (line) => console.log(line));
    const failed = results.filter((r) => r.problems.length > 0);
    console.log(failed.length === 0 ? "\nEvery answer is what the README shows." : `\n${failed.length} answer(s) differ from the README (a server already used by another run answers differently).`);
    process.exitCode = failed.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`Cannot reach ${base} (${error.cause?.code ?? error.message}): start the stand-in first with \`npm start\`, or pass its URL.`);
    process.exitCode = 1;
  }
}
