import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listExchangeRatesOp } from "@/lib/server/exchange-rates/exchange-rate.contract";
import { listExchangeRates } from "@/lib/server/exchange-rates/list-exchange-rates";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listExchangeRatesOp, async ({ platform, query }) => reply(200, await listExchangeRates(platform, query))),
});
