import { directory } from "./directory";
import { staticPage } from "./static-page";

export function listDiscoveries(q: { limit: number; cursor?: string; country?: string; currency?: string }) {
  const country = q.country?.toUpperCase();
  const currency = q.currency?.toUpperCase();
  const rows = directory().institutions.filter(
    (i) => (!country || i.country === country) && (!currency || i.currency === currency),
  );
  return staticPage(rows, q);
}
