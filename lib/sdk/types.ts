/**
 * Wire types of the service, all taken from one source: lib/sdk/generated/openapi.ts, which openapi-typescript
 * generates from the OpenAPI document the service serves (`npm run sdk:types`). Only the SDK's own shapes
 * (the retry headers, a raw answer) are written here.
 */
import type { operations } from "./generated/openapi";
type OperationId = keyof operations;

type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : undefined;
/** The JSON body of an operation's answer with the given status. */
export type ResponseBody<K extends OperationId, S extends keyof operations[K]["responses"]> = JsonOf<
  operations[K]["responses"][S]
>;
/** The JSON request body of an operation. */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? JsonOf<NonNullable<R>>
  : never;
/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = operations[K] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

export type ErrorBody = ResponseBody<"getPlatformConfig", 500>;
export type Processing = ResponseBody<"addCredential", 200>;
export type SignedRetryChallenge = ResponseBody<"addCredential", 202>;
export type AuthMethod = ResponseBody<"addCredential", 201>;
export type AuthSession = ResponseBody<"refreshAuthSession", 201>;
export type PasskeyAuthChallenge = Extract<ResponseBody<"challengeCredential", 200>, { challenge: string }>;
export type PlatformConfig = ResponseBody<"getPlatformConfig", 200>;
export type Customer = ResponseBody<"getCustomer", 200>;
export type InternalAccount = ResponseBody<"getInternalAccount", 200>;
type Agent = ResponseBody<"getAgent", 200>;
type AgentPolicy = Agent["policy"];
export type AgentPermission = AgentPolicy["permissions"][number];
export type Transaction = ResponseBody<"getTransaction", 200>;
export type Quote = ResponseBody<"getQuote", 200>;
export type AddCredentialBody = RequestBody<"addCredential">;
export type VerifyCredentialBody = RequestBody<"verifyCredential">;

/** A page of a list endpoint. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  /** Every item matching the filters, not only this page. */
  totalCount: number;
}

/** The two headers of a signed retry. */
export interface SignedHeaders {
  "Service-Wallet-Signature": string;
  "Request-Id": string;
}

/** A raw answer of a signed-retry endpoint: 202 challenge, 200 PROCESSING, or the terminal body. */
export interface RawResponse<T> {
  status: number;
  body: T | SignedRetryChallenge | Processing | undefined;
  headers: Headers;
}
