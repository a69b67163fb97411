import type { InferSelectModel } from "drizzle-orm";
import type { internalAccounts } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { InternalAccount } from "./internal-account.contract";

export type InternalAccountRow = InferSelectModel<typeof internalAccounts>;

import { CURRENCIES } from "@/lib/server/money/currencies";

function currencyObject(code: string, decimals: number) {
  const c = CURRENCIES[code] ?? { name: code, symbol: code };
  return { code, name: c.name, symbol: c.symbol, decimals };
}

export function toInternalAccount(row: InternalAccountRow): InternalAccount {
  const amount = { amount: Number(row.balance), currency: currencyObject(row.currency, row.decimals) };
  const out: InternalAccount = {
    id: formatId("InternalAccount", row.id),
    type: row.type,
    status: row.status,
    balance: amount,
    totalBalance: amount,
    fundingPaymentInstructions: [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.customerId) out.customerId = formatId("Customer", row.customerId);
  if (row.type === "EMBEDDED_WALLET") out.privateEnabled = row.privateEnabled ?? false;
  return out;
}
