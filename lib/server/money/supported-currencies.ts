import type { PlatformSettings } from "@/lib/server/core/platform-settings";
import { invalidInput } from "@/lib/server/core/validation";

/**
 * Grid's `supportedCurrencies` of PATCH /config: what the platform's customers may send and receive. A platform that
 * set none moves every currency of the service's table (bounded by `limits`). A payment is refused, before anything is
 * written, when its currency is not listed, when the list does not enable its direction for that currency, or when its
 * sending amount is outside the currency's minAmount–maxAmount: 400 INVALID_INPUT naming `field`.
 */
export function checkSupportedCurrency(
  settings: PlatformSettings,
  payment: {
    currency: string;
    direction: "OUTGOING" | "INCOMING";
    field: string;
    amount?: bigint;
    amountField?: string;
  },
): void {
  const list = settings.supportedCurrencies;
  if (!list) return;
  const config = list.find((c) => c.currencyCode === payment.currency);
  const listed = list.map((c) => c.currencyCode).join(", ");
  if (!config) {
    throw invalidInput(
      [{ field: payment.field, message: `The platform's supportedCurrencies are ${listed}` }],
      `${payment.currency} is not among the platform's supportedCurrencies (${listed})`,
    );
  }
  if (!config.enabledTransactionTypes.includes(payment.direction)) {
    throw invalidInput(
      [{ field: payment.field, message: `${payment.direction} is not enabled for ${payment.currency}` }],
      `The platform's supportedCurrencies do not enable ${payment.direction} payments in ${payment.currency}`,
    );
  }
  const { amount, amountField } = payment;
  if (amount === undefined || !amountField) return;
  if (amount < BigInt(config.minAmount) || amount > BigInt(config.maxAmount)) {
    throw invalidInput(
      [
        {
          field: amountField,
          message: `Must send ${config.minAmount}–${config.maxAmount} ${payment.currency} (minor units)`,
        },
      ],
      `The platform's supportedCurrencies bound ${payment.currency} payments to ${config.minAmount}–${config.maxAmount}; this one sends ${amount}`,
    );
  }
}
