import { ServiceError } from "./service-error";
import type {
  AddCredentialBody,
  AuthMethod,
  AuthSession,
  Customer,
  ErrorBody,
  InternalAccount,
  Page,
  PasskeyAuthChallenge,
  PlatformConfig,
  QueryOf,
  RawResponse,
  RequestBody,
  ResponseBody,
  SignedHeaders,
  VerifyCredentialBody,
} from "./types";

export interface ClientOptions {
  /** `{base_url}`: `<origin>/api/2025-10-13`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * Typed client of the service's HTTP API: one call per endpoint. Plain calls return the body or throw
 * `ServiceError`; signed-retry endpoints return the raw answer (202 / PROCESSING / terminal) so that
 * `signedRetry()` can drive them, and accept the two retry headers.
 */
export function createServiceClient(opts: ClientOptions) {
  const f = opts.fetch ?? fetch;
  const auth = `Basic ${btoa(`${opts.clientId}:${opts.clientSecret}`)}`;
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function send(
    method: string,
    path: string,
    o: { body?: unknown; query?: Query; headers?: SignedHeaders | Record<string, string> } = {},
  ) {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { authorization: auth, ...(o.headers ?? {}) };
    let body: string | undefined;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["content-type"] = "application/json";
    }
    const res = await f(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (res.status >= 400) {
      const err: ErrorBody =
        parsed && typeof parsed === "object" && "code" in parsed
          ? (parsed as ErrorBody)
          : { status: res.status, code: "HTTP_ERROR", message: `HTTP ${res.status}: ${String(text).slice(0, 200)}` };
      const ra = res.headers.get("retry-after");
      throw new ServiceError(err, ra !== null && /^\d+$/.test(ra) ? Number(ra) : undefined);
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  async function json<T>(method: string, path: string, o: Parameters<typeof send>[2] = {}): Promise<T> {
    return (await send(method, path, o)).body as T;
  }

  async function raw<T>(method: string, path: string, o: Parameters<typeof send>[2] = {}): Promise<RawResponse<T>> {
    return (await send(method, path, o)) as RawResponse<T>;
  }

  const id = (s: string) => encodeURIComponent(s);

  return {
    // Platform, customers and internal accounts (basics).
    getConfig: () => json<PlatformConfig>("GET", "/config"),
    updateConfig: (body: RequestBody<"updatePlatformConfig">) => json<PlatformConfig>("PATCH", "/config", { body }),
    getEnclaveKey: () => json<{ enclaveQuorumPublic: string }>("GET", "/auth/enclave-key"),
    createCustomer: (body: Record<string, unknown>) => json<Customer>("POST", "/customers", { body }),
    getCustomer: (customerId: string) => json<Customer>("GET", `/customers/${id(customerId)}`),
    listCustomerInternalAccounts: (
      query: {
        customerId?: string;
        type?: InternalAccount["type"];
        currency?: string;
        limit?: number;
        cursor?: string;
      } = {},
    ) => json<Page<InternalAccount>>("GET", "/customers/internal-accounts", { query }),
    getInternalAccount: (accountId: string) => json<InternalAccount>("GET", `/internal-accounts/${id(accountId)}`),

    // Credentials.
    addCredential: (body: AddCredentialBody, headers?: SignedHeaders) =>
      raw<AuthMethod>("POST", "/auth/credentials", { body, headers }),
    listCredentials: (accountId: string) =>
      json<{ data: AuthMethod[] }>("GET", "/auth/credentials", { query: { accountId } }),
    deleteCredential: (credentialId: string, headers?: SignedHeaders) =>
      raw<undefined>("DELETE", `/auth/credentials/${id(credentialId)}`, { headers }),
    /** EMAIL_OTP or SMS_OTP challenge (no body): the AuthMethod with `otpEncryptionTargetBundle`. */
    challengeEmailOtp: (credentialId: string) =>
      json<AuthMethod>("POST", `/auth/credentials/${id(credentialId)}/challenge`),
    challengePasskey: (credentialId: string, clientPublicKey: string) =>
      json<PasskeyAuthChallenge>("POST", `/auth/credentials/${id(credentialId)}/challenge`, {
        body: { clientPublicKey },
      }),
    verifyCredential: (
      credentialId: string,
      body: VerifyCredentialBody,
      headers?: SignedHeaders | { "Request-Id": string },
    ) => raw<AuthSession>("POST", `/auth/credentials/${id(credentialId)}/verify`, { body, headers }),

    // Sessions.
    listSessions: (accountId: string) =>
      json<{ data: AuthSession[] }>("GET", "/auth/sessions", { query: { accountId } }),
    refreshSession: (sessionId: string, clientPublicKey: string, headers?: SignedHeaders) =>
      raw<AuthSession>("POST", `/auth/sessions/${id(sessionId)}/refresh`, { body: { clientPublicKey }, headers }),
    revokeSession: (sessionId: string, headers?: SignedHeaders) =>
      raw<undefined>("DELETE", `/auth/sessions/${id(sessionId)}`, { headers }),

    // Wallet export and the customer email change (signed retries: raw answers).
    exportWallet: (accountId: string, clientPublicKey: string, headers?: SignedHeaders) =>
      raw<{ id: string; encryptedWalletCredentials: string }>("POST", `/internal-accounts/${id(accountId)}/export`, {
        body: { clientPublicKey },
        headers,
      }),
    updateInternalAccount: (accountId: string, body: { privateEnabled?: boolean }, headers?: SignedHeaders) =>
      raw<InternalAccount>("PATCH", `/internal-accounts/${id(accountId)}`, { body, headers }),
    updateCustomer: (customerId: string, body: Record<string, unknown>, headers?: SignedHeaders) =>
      raw<Customer>("PATCH", `/customers/${id(customerId)}`, { body, headers }),

    // Operators: agents, the approval queue, customers, external accounts, webhook deliveries.
    listAgents: (query: QueryOf<"listAgents"> = {}) =>
      json<ResponseBody<"listAgents", 200>>("GET", "/agents", { query }),
    createAgent: (body: RequestBody<"createAgent">) =>
      json<ResponseBody<"createAgent", 201>>("POST", "/agents", { body }),
    updateAgent: (agentId: string, body: RequestBody<"updateAgent">) =>
      json<ResponseBody<"updateAgent", 200>>("PATCH", `/agents/${id(agentId)}`, { body }),
    updateAgentPolicy: (agentId: string, body: RequestBody<"updateAgentPolicy">) =>
      json<ResponseBody<"updateAgentPolicy", 200>>("PATCH", `/agents/${id(agentId)}/policy`, { body }),
    deleteAgent: (agentId: string) => json<undefined>("DELETE", `/agents/${id(agentId)}`),
    listAgentApprovals: (query: QueryOf<"listAgentApprovals"> = {}) =>
      json<ResponseBody<"listAgentApprovals", 200>>("GET", "/agents/approvals", { query }),
    listTransactions: (query: QueryOf<"listTransactions"> = {}) =>
      json<ResponseBody<"listTransactions", 200>>("GET", "/transactions", { query }),
    approveTransaction: (transactionId: string) =>
      json<ResponseBody<"approveTransaction", 200>>("POST", `/transactions/${id(transactionId)}/approve`),
    rejectTransaction: (transactionId: string, body?: RequestBody<"rejectTransaction">) =>
      json<ResponseBody<"rejectTransaction", 200>>("POST", `/transactions/${id(transactionId)}/reject`, { body }),
    listCustomers: (query: QueryOf<"listCustomers"> = {}) =>
      json<ResponseBody<"listCustomers", 200>>("GET", "/customers", { query }),
    listCustomerExternalAccounts: (query: QueryOf<"listCustomerExternalAccounts"> = {}) =>
      json<ResponseBody<"listCustomerExternalAccounts", 200>>("GET", "/customers/external-accounts", { query }),
    listWebhookDeliveries: (query: QueryOf<"listWebhookDeliveries"> = {}) =>
      json<ResponseBody<"listWebhookDeliveries", 200>>("GET", "/webhooks/deliveries", { query }),
    sendTestWebhook: () => json<ResponseBody<"sendTestWebhook", 200>>("POST", "/webhooks/test"),
    createCustomerKycLink: (customerId: string, body: RequestBody<"createCustomerKycLink"> = {}) =>
      json<ResponseBody<"createCustomerKycLink", 201>>("POST", `/customers/${id(customerId)}/kyc-link`, { body }),
    resendWebhookDelivery: (deliveryId: string) =>
      json<ResponseBody<"resendWebhookDelivery", 200>>("POST", `/webhooks/deliveries/${id(deliveryId)}/resend`),

    // The console's detail pages and API tokens.
    getTransaction: (transactionId: string) =>
      json<ResponseBody<"getTransaction", 200>>("GET", `/transactions/${id(transactionId)}`),
    getWebhookDelivery: (deliveryId: string) =>
      json<ResponseBody<"getWebhookDelivery", 200>>("GET", `/webhooks/deliveries/${id(deliveryId)}`),
    getAgent: (agentId: string) => json<ResponseBody<"getAgent", 200>>("GET", `/agents/${id(agentId)}`),
    listTokens: (query: QueryOf<"listTokens"> = {}) =>
      json<ResponseBody<"listTokens", 200>>("GET", "/tokens", { query }),
    createToken: (body: RequestBody<"createToken">) =>
      json<ResponseBody<"createToken", 201>>("POST", "/tokens", { body }),
    deleteToken: (tokenId: string) => json<undefined>("DELETE", `/tokens/${id(tokenId)}`),

    // Cards: the operators' list and freeze/unfreeze, the cardholder's reveal.
    listCards: (query: QueryOf<"listCards"> = {}) => json<ResponseBody<"listCards", 200>>("GET", "/cards", { query }),
    getCard: (cardId: string) => json<ResponseBody<"getCardById", 200>>("GET", `/cards/${id(cardId)}`),
    updateCard: (cardId: string, body: RequestBody<"updateCardById">) =>
      json<ResponseBody<"updateCardById", 200>>("PATCH", `/cards/${id(cardId)}`, { body }),
    /**
     * 200 with the URL at once on the platform credential; with `{walletSigned: true}` a signed retry under the
     * card's wallet (raw answer: 202 / PROCESSING / the URL).
     */
    revealCard: (cardId: string, headers?: SignedHeaders, body?: { walletSigned?: boolean }) =>
      raw<{ panEmbedUrl: string; expiresAt: string }>("POST", `/cards/${id(cardId)}/reveal`, { headers, body }),
    /**
     * Spend a reveal URL in its sealed form: the card's number, CVV and expiry sealed to `clientPublicKey` (the
     * export bundle format), so the caller relays ciphertext that only the key's holder opens (docs/protocol.md "Cards").
     */
    openCardReveal: async (panEmbedUrl: string, clientPublicKey: string): Promise<{ encryptedCardDetails: string }> => {
      const url = new URL(panEmbedUrl);
      url.searchParams.set("clientPublicKey", clientPublicKey);
      const res = await f(url, { method: "GET", headers: { accept: "application/json" } });
      const body = (await res.json().catch(() => undefined)) as
        | { encryptedCardDetails: string }
        | ErrorBody
        | undefined;
      if (!res.ok || !body || !("encryptedCardDetails" in body)) {
        throw new ServiceError(
          body && "code" in body ? body : { status: res.status, code: "HTTP_ERROR", message: `HTTP ${res.status}` },
        );
      }
      return body;
    },

    // Compliance: verifications, documents and beneficial owners (read side; the console shows them).
    listVerifications: (query: QueryOf<"listVerifications"> = {}) =>
      json<ResponseBody<"listVerifications", 200>>("GET", "/verifications", { query }),
    listDocuments: (query: QueryOf<"listDocuments"> = {}) =>
      json<ResponseBody<"listDocuments", 200>>("GET", "/documents", { query }),
    listBeneficialOwners: (query: QueryOf<"listBeneficialOwners">) =>
      json<ResponseBody<"listBeneficialOwners", 200>>("GET", "/beneficial-owners", { query }),

    /** Any other endpoint, for callers that need one this client does not list yet. */
    request: send,
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
