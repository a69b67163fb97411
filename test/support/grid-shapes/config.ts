/** Grid's platform configuration (components PlatformConfig, FeeConfig). */
import { z } from "zod";
import { isoDateTime } from "./common";

const gridFeeConfig = z.object({
  feeType: z.enum(["CROSS_CURRENCY_TRANSACTION"]),
  sourceCurrency: z.string(),
  variableFeeBps: z.number().int(),
  fixedFee: z.object({}).catchall(z.unknown()),
});

export const gridPlatformConfig = z.object({
  id: z.string().optional(),
  umaDomain: z.string().optional(),
  proxyUmaSubdomain: z.string().optional(),
  webhookEndpoint: z.string().optional(),
  supportedCurrencies: z.array(z.object({ currencyCode: z.string() }).catchall(z.unknown())).optional(),
  isRegulatedFinancialInstitution: z.boolean().optional(),
  embeddedWalletConfig: z.object({}).catchall(z.unknown()).optional(),
  cardTokenization2faConfig: z.object({}).catchall(z.unknown()).optional(),
  feeConfigs: z.array(gridFeeConfig).optional(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
});
