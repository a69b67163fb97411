import { describe, expect, it } from "vitest";
import { customerMatches } from "./find-customers";

/** The console's customer search: what an operator types against a customer as GET /customers answers it. */
type Customer = Parameters<typeof customerMatches>[0];
const person = {
  id: "Customer:0192",
  customerType: "INDIVIDUAL",
  fullName: "Mina Fändrich",
  email: "Mina.Finder@Example.test",
  phoneNumber: "+4915112345678",
  platformCustomerId: "crm-4711",
} as Customer;
const business = {
  id: "Customer:0193",
  customerType: "BUSINESS",
  businessInfo: { legalName: "Acme Widgets GmbH" },
} as Customer;

describe("customerMatches", () => {
  it("finds a name by any part, in any case, with or without accents", () => {
    expect(customerMatches(person, "mina")).toBe(true);
    expect(customerMatches(person, "FÄNDRICH")).toBe(true);
    expect(customerMatches(person, "mina  fandrich")).toBe(true);
    expect(customerMatches(business, "acme widgets")).toBe(true);
    expect(customerMatches(person, "alice")).toBe(false);
  });

  it("finds an email in any case, and the platform's own id", () => {
    expect(customerMatches(person, "mina.finder@example.test")).toBe(true);
    expect(customerMatches(person, "crm-4711")).toBe(true);
    expect(customerMatches(person, "finder@example.org")).toBe(false);
  });

  it("finds a phone number typed with spaces, dashes or without +, but not a short run of digits", () => {
    expect(customerMatches(person, "+49 151 1234 5678")).toBe(true);
    expect(customerMatches(person, "0151-12345678".replace(/^0/, ""))).toBe(true);
    expect(customerMatches(person, "12345")).toBe(false);
    expect(customerMatches(business, "+49 151 1234 5678")).toBe(false);
  });

  it("an empty query matches nothing", () => {
    expect(customerMatches(person, "   ")).toBe(false);
  });
});
