// What the driver's errors mean to the service (src/postgres/errors.ts), without a database: a
// lost connection, a database that cannot serve now (503), a bug passed through, and GEN-4's
// refusal of a unique violation, pointing at the body's externalId when the operation sets it.
import { describe, expect, it } from "vitest";
import { classify, connectionLost, connectionReusable, duplicateOf, unavailable } from "../../src/postgres/errors.js";
import { DuplicateExternalIdError, StorageUnavailableError, type StoredOperation } from "../../src/service/storage.js";

const coded = (code: string, extra: Record<string, string> = {}): Error => Object.assign(new Error(`code ${code}`), { code, ...extra });

describe("the driver's errors", () => {
  it("a socket failure or the driver's own timeout is a lost connection; an SQL error is not", () => {
    expect(connectionLost(coded("ECONNRESET"))).toBe(true);
    expect(connectionLost(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(connectionLost(coded("23505"))).toBe(false);
    expect(connectionLost(new Error("syntax error"))).toBe(false);
  });

  it("a statement the server refused keeps its connection (a stale view, a unique violation, a deadlock, a cancel, a bug's syntax error); a connection failing, a server going away or a driver error without SQLSTATE does not", () => {
    for (const code of ["40001", "40P01", "23505", "57014", "55P03", "42601", "53100", "57P04", "P0001", "22008", "40857"]) expect(connectionReusable(coded(code)), code).toBe(true);
    for (const code of ["08006", "08003", "57P01", "57P02", "57P03", "EPIPE", "ECONNRESET", "ETIMEDOUT", "4000", "400011", "4000a"]) expect(connectionReusable(coded(code)), code).toBe(false);
    expect(connectionReusable(new Error("Query read timeout"))).toBe(false);
    expect(connectionReusable(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(connectionReusable("40001")).toBe(false);
  });

  it("classes 08 and 53, shutdown, statement and lock timeouts are the database's fault; a conflict or a bug is not", () => {
    for (const code of ["08006", "53300", "57P01", "57P03", "57014", "55P03", "ECONNREFUSED"]) expect(unavailable(coded(code)), code).toBe(true);
    for (const code of ["40001", "40P01", "23505", "42601", "57P04"]) expect(unavailable(coded(code)), code).toBe(false);
  });

  it("a pool asked for a connection after the storage closed is unavailable (a request after close: 503), as are the driver's other failures without a code", () => {
    for (const message of ["Cannot use a pool after calling end on the pool", "timeout exceeded when trying to connect", "Client has encountered a connection error and is not queryable", "Query read timeout", "connection timeout expired"]) {
      expect(unavailable(new Error(message)), message).toBe(true);
      expect(() => classify(new Error(message)), message).toThrow(StorageUnavailableError);
    }
    expect(unavailable(new Error("Cannot use a client after calling end"))).toBe(false);
  });

  it("classify turns the database's fault into StorageUnavailableError and passes anything else unchanged", () => {
    expect(() => classify(coded("53300"))).toThrow(StorageUnavailableError);
    const bug = coded("42601");
    expect(() => classify(bug)).toThrow(bug);
    const duplicate = new DuplicateExternalIdError("externalId", "taken");
    expect(() => classify(duplicate)).toThrow(duplicate);
  });

  it("GEN-4: a unique violation names the record kind, and the body's externalId when the operation sets that table's", () => {
    const operation = { operation: "addCustomer", body: { externalId: "C-1" } } as unknown as StoredOperation;
    const named = duplicateOf(coded("23505", { table: "customers" }), operation);
    expect(named.path).toBe("externalId");
    expect(named.message).toBe('Another customer has the external ID "C-1" (GEN-4).');
    const other = duplicateOf(coded("23505", { constraint: "orders_company_id_external_id_key" }), operation);
    expect(other.path).toBe("");
    expect(other.message).toBe("Another order has this external ID (GEN-4).");
  });
});
