/** The service's HTTP API from a test (real requests to the e2e server). */
export const api = () => `${process.env.E2E_BASE_URL}/api/2025-10-13`;

export async function call(method: string, path: string, auth: string, body?: unknown) {
  const r = await fetch(`${api()}${path}`, {
    method,
    headers: { authorization: auth, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

export const consent = () => ({
  termsVersion: "V1",
  acceptedAt: new Date().toISOString(),
  acceptanceMethod: "CHECKBOX",
  ipAddress: "127.1.2.7",
});

/** A customer with a funded USD account and a USD bank account to pay to. */
export async function fundedCustomer(auth: string, fullName: string, platformCustomerId?: string) {
  const customer = await call("POST", "/customers", auth, {
    customerType: "INDIVIDUAL",
    fullName,
    currencies: ["USD"],
    ...(platformCustomerId ? { platformCustomerId } : {}),
    endUserTermsConsent: consent(),
  });
  if (customer.status !== 201) throw new Error(JSON.stringify(customer.body));
  const accounts = await call("GET", `/customers/internal-accounts?customerId=${customer.body.id}`, auth);
  const usd = accounts.body.data.find((a: any) => a.balance.currency.code === "USD").id as string;
  await call("POST", `/sandbox/internal-accounts/${usd}/fund`, auth, { amount: 50_000 });
  const ext = await call("POST", "/customers/external-accounts", auth, {
    customerId: customer.body.id,
    currency: "USD",
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: "000123456789",
      routingNumber: "021000021",
      bankAccountType: "CHECKING",
      beneficiary: {
        beneficiaryType: "INDIVIDUAL",
        fullName,
        address: { line1: "1 Main St", postalCode: "94105", country: "US" },
      },
    },
  });
  if (ext.status !== 201) throw new Error(JSON.stringify(ext.body));
  return { customerId: customer.body.id as string, usd, externalId: ext.body.id as string };
}

/** The sandbox platform's client id and secret (from E2E_SANDBOX_AUTH). */
export function sandboxCredentials(): { clientId: string; clientSecret: string } {
  const [clientId, clientSecret] = Buffer.from(process.env.E2E_SANDBOX_AUTH!.slice(6), "base64")
    .toString("utf8")
    .split(":");
  return { clientId, clientSecret };
}
