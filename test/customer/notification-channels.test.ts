// notificationEmails and sendByPost on the customer (CUS-12, GEN-5).
import { describe, expect, it } from "vitest";
import { companyBody } from "../../src/testing/arbitraries/records/customer.js";
import { add, fullCustomer, issues, notNull, upsert, value } from "./support.js";

describe("notificationChannels (CUS-12)", () => {
  it("CUS-12: notificationEmails null clears the list on an edit, left out keeps it; on an add null is the default []", () => {
    const base = fullCustomer();
    const edit = (extra: Record<string, unknown>) => value(upsert({ id: base.id, name: base.name, ...extra }, [base])).notificationEmails;
    expect([edit({ notificationEmails: null }), edit({}), edit({ notificationEmails: ["a@b.cz"] })]).toEqual([[], ["office@acme.cz"], ["a@b.cz"]]);
    expect(value(add(companyBody({ notificationEmails: null }))).notificationEmails).toEqual([]);
    expect(value(add(companyBody({}))).notificationEmails).toEqual([]);
  });
  it("CUS-12: sendByPost defaults to false on an add, is kept when left out, and null on an edit is Required (GEN-5)", () => {
    expect(value(add(companyBody({}))).sendByPost).toBe(false);
    const base = value(add(companyBody({ externalId: "C-9", sendByPost: true })));
    expect(value(upsert({ id: base.id, name: base.name }, [base])).sendByPost).toBe(true);
    expect(value(upsert({ id: base.id, name: base.name, sendByPost: false }, [base])).sendByPost).toBe(false);
    expect(issues(upsert({ id: base.id, name: base.name, sendByPost: null }, [base]))).toEqual([notNull("sendByPost")]);
  });
});
