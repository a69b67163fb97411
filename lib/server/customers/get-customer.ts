import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toCustomer } from "./customer-view";
import { findCustomerOrThrow } from "./find-customer";

export async function getCustomer(platform: PlatformPrincipal, customerId: string) {
  return toCustomer(await findCustomerOrThrow(await getDb(), platform.id, customerId, { includeDeleted: true }));
}
