// What a company that sets nothing gets (src/shared/settings.ts, SERVICE.md "Fixture"), as
// behaviour: its dates, sorting, notifications, collisions and custom data. Plus the other values
// src/shared fixes when it loads (the decimal configuration, the input limits).
//
// Every module is imported INSIDE the test, not at the top: src/shared runs at import, so a
// broken default (a limit or a decimal setting that throws while loading) must fail a test of
// this file. A failing top-level import fails the file before any test exists, which a mutation
// run does not count as a failed test.
import { describe, expect, it } from "vitest";

const load = async () => {
  const [{ defaultSettings }, { today }, { customerRecipients }, { collisionIssues }, { checkCustomData }, { examples }] = await Promise.all([
    import("../../src/shared/settings.js"),
    import("../../src/shared/time.js"),
    import("../../src/notification/recipients.js"),
    import("../../src/assignation/validate.js"),
    import("../../src/customer/custom-data.js"),
    import("../../src/testing/examples.js"),
  ]);
  return { defaultSettings, today, customerRecipients, collisionIssues, checkCustomData, examples };
};

describe("a company that sets nothing", () => {
  it("GEN-10: its dates are Prague's: 23:30Z on 21 November is already the 22nd, 22:30Z in July is the next day too", async () => {
    const { defaultSettings, today } = await load();
    expect(today(Date.parse("2026-11-21T23:30:00Z"), defaultSettings.timeZone)).toBe("2026-11-22");
    expect(today(Date.parse("2026-11-21T22:30:00Z"), defaultSettings.timeZone)).toBe("2026-11-21");
    expect(today(Date.parse("2026-07-01T22:30:00Z"), defaultSettings.timeZone)).toBe("2026-07-02");
    expect(today(Date.parse("2026-07-01T21:30:00Z"), defaultSettings.timeZone)).toBe("2026-07-01");
  });

  it("STO-5: its text sorts in Czech: Ch after H, Č after C", async () => {
    const { defaultSettings } = await load();
    const sorted = ["Ibis", "Chata", "Hrad", "Čep", "Dům", "Cín"].sort(new Intl.Collator(defaultSettings.locale).compare);
    expect(sorted).toEqual(["Cín", "Čep", "Dům", "Hrad", "Chata", "Ibis"]);
  });

  it("NOT-4: both notification channels are on: the contact gets an e-mail and an SMS", async () => {
    const { defaultSettings, customerRecipients, examples } = await load();
    expect(customerRecipients(examples.customer, examples.contactId, defaultSettings, false)).toEqual([
      { channel: "email", address: "jana@example.cz" },
      { channel: "sms", address: "+420777123456" },
    ]);
  });

  it("ASN-6: collisions are allowed: a technician may be booked twice", async () => {
    const { defaultSettings, collisionIssues, examples } = await load();
    const same = examples.planned.assignations;
    expect(collisionIssues(same, examples.index, true)).toHaveLength(1);
    expect(collisionIssues(same, examples.index, defaultSettings.disableCollisions)).toEqual([]);
  });

  it("CUS-8: no custom-data template: any JSON object is accepted for customers and orders", async () => {
    const { defaultSettings, checkCustomData } = await load();
    const text = JSON.stringify({ anything: 1, nested: { deep: [true] } });
    expect(checkCustomData(text, defaultSettings.customDataTemplates.customer, "customData")).toEqual([]);
    expect(checkCustomData(text, defaultSettings.customDataTemplates.order, "customData")).toEqual([]);
  });
});

describe("values src/shared fixes when it loads", () => {
  it("GEN-7: amounts are written out in full, never with an exponent, from 1e-29 to below 1e60", async () => {
    const { Dec } = await import("../../src/shared/decimal.js");
    expect(new Dec("0.0000001").toString()).toBe("0.0000001");
    expect(new Dec("1e-29").toString()).toBe(`0.${"0".repeat(28)}1`);
    expect(new Dec("1e59").toString()).toBe(`1${"0".repeat(59)}`);
  });

  it("GEN-9: a stock body of 25,000 items is read, 25,001 are TooMany", async () => {
    const { parseStockQuantities } = await import("../../src/stock/request.js");
    const items = (n: number) => Array.from({ length: n }, () => ({ materialId: "M1" }));
    expect(parseStockQuantities(items(25_000)).ok).toBe(true);
    expect(parseStockQuantities(items(25_001))).toMatchObject({ ok: false, issues: [{ code: "TooMany", path: "" }] });
  });
});
