import { invalidInput } from "@/lib/server/core/validation";
import { getDb } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { isBolt11, isLightningAddress, isValidWalletAddress } from "@/lib/server/external-accounts/wallet-address";
import { findInternalAccountOrThrow } from "@/lib/server/internal-accounts/find-internal-account";
import { NETWORKS_BY_CURRENCY, networkFeeSource, type CryptoNetwork } from "./network-fees";

export interface EstimateInput {
  internalAccountId: string;
  currency: string;
  cryptoNetwork: CryptoNetwork;
  amount: number;
  destinationAddress: string;
}

const BITCOIN_ADDRESS = /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$|^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/;

function addressValid(network: CryptoNetwork, address: string): boolean {
  switch (network) {
    case "ETHEREUM":
    case "BASE":
    case "POLYGON":
    case "PLASMA":
      return isValidWalletAddress("EVM", address);
    case "SOLANA":
      return isValidWalletAddress("SOLANA", address);
    case "TRON":
      return isValidWalletAddress("TRON", address);
    case "SPARK":
      return isValidWalletAddress("SPARK", address);
    case "BITCOIN":
      return BITCOIN_ADDRESS.test(address);
    case "LIGHTNING":
      return isBolt11(address) || isLightningAddress(address);
  }
}

/**
 * POST /crypto/estimate-withdrawal-fee. The network fee comes from the environment's fee source (sandbox:
 * the fixed table), converted to the withdrawal currency (USD-pegged stablecoins: micro-dollars are their
 * 6-decimal units; BTC: the BTC networks' fees are already satoshis). The application fee is 0: the spec
 * lets a platform fee apply only to a USD source, and a crypto account never is one. An estimate moves nothing.
 */
export async function estimateWithdrawalFee(platform: PlatformPrincipal, input: EstimateInput) {
  const account = await findInternalAccountOrThrow(await getDb(), platform.id, input.internalAccountId);
  const errors: { field: string; message: string }[] = [];
  const networks = NETWORKS_BY_CURRENCY[account.currency];
  if (!networks)
    errors.push({
      field: "internalAccountId",
      message: `${account.currency} is not a crypto currency; withdraw from a crypto internal account`,
    });
  else {
    if (input.currency !== account.currency)
      errors.push({ field: "currency", message: `The account holds ${account.currency}, not ${input.currency}` });
    else if (!networks.includes(input.cryptoNetwork)) {
      errors.push({
        field: "cryptoNetwork",
        message: `${account.currency} is not withdrawn on ${input.cryptoNetwork}; expected one of ${networks.join(", ")}`,
      });
    }
  }
  if (!addressValid(input.cryptoNetwork, input.destinationAddress)) {
    errors.push({ field: "destinationAddress", message: `Not a ${input.cryptoNetwork} address` });
  }
  if (errors.length > 0) throw invalidInput(errors, "The withdrawal cannot be estimated");
  const source = networkFeeSource(platform.environment);
  if (!source)
    throw new ApiError("SERVICE_UNAVAILABLE", "No network fee source is configured for production platforms");
  const fee = source(input.cryptoNetwork);
  const networkFeeInCurrency = account.currency === "BTC" ? fee.networkFee : fee.usdMicros;
  const applicationFee = 0n;
  const totalFee = networkFeeInCurrency + applicationFee;
  const amount = BigInt(input.amount);
  if (totalFee >= amount) {
    throw invalidInput(
      [{ field: "amount", message: `Must exceed the total fee of ${totalFee} ${account.currency} units` }],
      "The amount does not cover the withdrawal fee",
    );
  }
  return {
    networkFee: Number(fee.networkFee),
    networkFeeAsset: fee.networkFeeAsset,
    applicationFee: Number(applicationFee),
    totalFee: Number(totalFee),
    netAmount: Number(amount - totalFee),
  };
}
