import { directory } from "./directory";
import { staticPage } from "./static-page";

export function listVasps(q: { limit: number; cursor?: string }) {
  return staticPage(directory().vasps, q);
}
