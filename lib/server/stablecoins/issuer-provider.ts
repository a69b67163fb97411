import { invalidInput } from "@/lib/server/core/validation";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/server/core/errors";
import { env } from "@/lib/shared/config/env";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { StablecoinOperationStatus } from "@/db/schema";

/**
 * The stablecoin issuer provider seam (Grid names Brale). The service asks it to verify credentials, to
 * describe a token, and, for an operation, what it answers at creation and what its next step is. The
 * worker (advance-operations.ts) applies each step with its ledger postings; the provider keeps no state.
 *
 * Sandbox (docs/protocol.md "Stablecoins"): deterministic, one step every STABLECOIN_SETTLE_DELAY_MS; the last
 * two digits of the operation's fiat cents decide the outcome: `02` FAILED (PROVIDER_TRANSFER_FAILED) at the
 * end of PROCESSING, `03` EXPIRED while waiting for funding (operations that wait for funding), else COMPLETED.
 * Production: no provider client is configured, so linking answers 501.
 */
interface TokenDescription {
  name: string;
  symbol: string;
  decimals: number;
  baseCurrency: string;
}

interface OperationFacts {
  id: string;
  operationType: "MINT" | "BURN";
  sourceType: string;
  fiatAmount: bigint;
  symbol: string;
  createdAt: Date;
}

export interface ProviderAnswer {
  status: StablecoinOperationStatus;
  providerStatus: string;
  failureReason?: string;
  fundingInstructions?: Record<string, string>;
  expiresAt?: Date;
}

export interface IssuerProvider {
  environment: "SANDBOX" | "PRODUCTION";
  verifyCredentials(input: {
    apiClientId: string;
    apiClientSecret: string;
    providerAccountId?: string;
  }): Promise<{ providerAccountId: string }>;
  describeToken(input: { providerTokenIdentifier: string; networkTokenIdentifier: string }): Promise<TokenDescription>;
  /** What the provider answers when the operation is created. */
  accept(op: OperationFacts): ProviderAnswer;
  /** The step after `status` (called once the step is due). */
  next(op: OperationFacts & { status: StablecoinOperationStatus }): ProviderAnswer;
}

const digestHex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
/** Waiting for external funds: 7 days, as a wire instruction usually stays valid. */
const FUNDING_WINDOW_MS = 7 * 24 * 3600_000;

const invalidToken = (field: string, message: string) => invalidInput([{ field, message }], message);

const sandboxIssuerProvider: IssuerProvider = {
  environment: "SANDBOX",
  async verifyCredentials({ apiClientId, providerAccountId }) {
    return { providerAccountId: providerAccountId ?? `sbx_${digestHex(`brale:${apiClientId}`).slice(0, 24)}` };
  },
  async describeToken({ providerTokenIdentifier, networkTokenIdentifier }) {
    if (!/^btknrt1[0-9a-z]{6,}$/.test(networkTokenIdentifier)) {
      throw invalidToken(
        "networkTokenIdentifier",
        "A sandbox Spark token identifier is regtest: btknrt1 followed by bech32 characters",
      );
    }
    const symbol = providerTokenIdentifier.toUpperCase();
    if (!/^[A-Z0-9]{2,12}$/.test(symbol)) throw invalidToken("providerTokenIdentifier", "2 to 12 letters or digits");
    return { name: `${symbol} Sandbox Dollar`, symbol, decimals: 6, baseCurrency: "USD" };
  },
  accept(op) {
    const waitsForFunds =
      op.sourceType === "WIRE" || (op.operationType === "BURN" && op.sourceType === "EXTERNAL_ACCOUNT");
    if (!waitsForFunds) return { status: "PENDING_PROVIDER", providerStatus: "pending" };
    const fundingInstructions: Record<string, string> =
      op.sourceType === "WIRE"
        ? {
            rail: "WIRE",
            bankName: "Sandbox Issuer Bank",
            beneficiaryName: "Sandbox Issuer Trust",
            accountNumber: "000123456789",
            routingNumber: "021000021",
            reference: `MINT-${op.id.replace(/-/g, "").slice(-12).toUpperCase()}`,
          }
        : {
            rail: "SPARK",
            network: "SPARK",
            address: `sparkrt1${digestHex(`deposit:${op.id}`).slice(0, 58)}`,
            valueType: op.symbol,
          };
    // Sandbox cents 03: the funds never come, and the window closes at the provider's next step.
    const window = op.fiatAmount % 100n === 3n ? env().STABLECOIN_SETTLE_DELAY_MS : FUNDING_WINDOW_MS;
    return {
      status: "PENDING_FUNDING",
      providerStatus: "awaiting_funds",
      fundingInstructions,
      expiresAt: new Date(op.createdAt.getTime() + window),
    };
  },
  next(op) {
    const cents = op.fiatAmount % 100n;
    switch (op.status) {
      case "PENDING_FUNDING":
        return cents === 3n
          ? { status: "EXPIRED", providerStatus: "expired" }
          : { status: "PROCESSING", providerStatus: "funds_received" };
      case "CREATED":
      case "PENDING_PROVIDER":
        return { status: "PROCESSING", providerStatus: "processing" };
      case "PROCESSING":
        return cents === 2n
          ? { status: "FAILED", providerStatus: "failed", failureReason: "PROVIDER_TRANSFER_FAILED" }
          : { status: "COMPLETED", providerStatus: "complete" };
      default:
        return { status: op.status, providerStatus: "complete" };
    }
  },
};

const notConfigured = () =>
  new ApiError("NOT_IMPLEMENTED", "No stablecoin issuer provider is configured for production platforms");

const productionIssuerProvider: IssuerProvider = {
  environment: "PRODUCTION",
  verifyCredentials: async () => {
    throw notConfigured();
  },
  describeToken: async () => {
    throw notConfigured();
  },
  accept: () => {
    throw notConfigured();
  },
  next: (op) => ({ status: op.status, providerStatus: "unknown" }),
};

export function issuerProviderFor(platform: Pick<PlatformPrincipal, "environment">): IssuerProvider {
  return platform.environment === "SANDBOX" ? sandboxIssuerProvider : productionIssuerProvider;
}
