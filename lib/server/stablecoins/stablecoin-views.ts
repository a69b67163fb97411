import type { InferSelectModel } from "drizzle-orm";
import type { stablecoinOperations, stablecoinProviderAccounts, stablecoins } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { ProviderAccount, Stablecoin, StablecoinOperation } from "./stablecoin.contract";

export type ProviderAccountRow = InferSelectModel<typeof stablecoinProviderAccounts>;
export type StablecoinRow = InferSelectModel<typeof stablecoins>;
export type OperationRow = InferSelectModel<typeof stablecoinOperations>;

export function toProviderAccount(r: ProviderAccountRow): ProviderAccount {
  const out: ProviderAccount = {
    id: formatId("StablecoinProviderAccount", r.id),
    provider: r.provider,
    providerAccountId: r.providerAccountId,
    providerEnvironment: r.providerEnvironment,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.lastVerifiedAt) out.lastVerifiedAt = r.lastVerifiedAt.toISOString();
  return out;
}

export function toStablecoin(r: StablecoinRow): Stablecoin {
  const out: Stablecoin = {
    id: formatId("Stablecoin", r.id),
    name: r.name,
    symbol: r.symbol,
    baseCurrency: r.baseCurrency,
    network: r.network,
    decimals: r.decimals,
    issuanceStatus: r.issuanceStatus,
    gridOperationsStatus: r.gridOperationsStatus,
    networkTokenIdentifier: r.networkTokenIdentifier,
    provider: r.provider,
    stablecoinProviderAccountId: formatId("StablecoinProviderAccount", r.providerAccountId),
    providerEnvironment: r.providerEnvironment,
    providerTokenIdentifier: r.providerTokenIdentifier,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.currency) out.currency = r.currency;
  return out;
}

export function toOperation(
  r: OperationRow,
  provider: { provider: "BRALE"; providerEnvironment: "SANDBOX" | "PRODUCTION" },
): StablecoinOperation {
  const out: StablecoinOperation = {
    id: formatId("StablecoinOperation", r.id),
    stablecoinId: formatId("Stablecoin", r.stablecoinId),
    operationType: r.operationType,
    status: r.status,
    amount: r.amount.toString(),
    provider: provider.provider,
    providerEnvironment: provider.providerEnvironment,
    stablecoinProviderAccountId: formatId("StablecoinProviderAccount", r.providerAccountId),
    source: r.source as StablecoinOperation["source"],
    destination: r.destination as StablecoinOperation["destination"],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  // Funding instructions matter only while the provider waits for the funds.
  if (r.fundingInstructions && r.status === "PENDING_FUNDING") out.fundingInstructions = r.fundingInstructions;
  if (r.estimatedDelivery) out.estimatedDelivery = r.estimatedDelivery;
  if (r.expiresAt && r.status === "PENDING_FUNDING") out.expiresAt = r.expiresAt.toISOString();
  if (r.providerStatus) out.providerStatus = r.providerStatus;
  if (r.failureReason) out.failureReason = r.failureReason;
  if (r.description !== null) out.description = r.description;
  return out;
}
