/** Grid's exchange rates (components ExchangeRate, ExchangeRateFees, ExchangeRateListResponse). */
import { z } from "zod";
import { isoDateTime } from "./common";
import { gridCurrency, gridPaymentRail } from "./money";

const minorUnits = z.number().int().min(0);

const gridExchangeRate = z.object({
  sourceCurrency: gridCurrency,
  destinationCurrency: gridCurrency,
  destinationPaymentRail: gridPaymentRail,
  sendingAmount: minorUnits,
  minSendingAmount: minorUnits,
  maxSendingAmount: minorUnits,
  receivingAmount: minorUnits,
  exchangeRate: z.number().positive(),
  fees: z.object({ fixed: minorUnits.optional(), total: minorUnits.optional() }),
  updatedAt: isoDateTime,
});

export const gridExchangeRateList = z.object({ data: z.array(gridExchangeRate) });
