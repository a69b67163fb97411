import { handle, methods, reply } from "@/lib/http/handler";
import { listExchangeRatesOp } from "@/lib/exchange-rates/exchange-rate.contract";
import { listExchangeRates } from "@/lib/exchange-rates/list-exchange-rates";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listExchangeRatesOp, async ({ platform, query }) => reply(200, await listExchangeRates(platform, query))),
});
