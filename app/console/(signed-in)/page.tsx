import { Agents, DeviceCode } from "./_sections/agents";
import { Approvals } from "./_sections/approvals";
import { Customers } from "./_sections/customers";
import { ExternalAccounts } from "./_sections/external-accounts";
import { Status, type ConsolePageProps } from "./_sections/status";
import { Webhooks } from "./_sections/webhooks";

/**
 * The console's overview: every concern on one page (the agents' forms post to /console/agents, so the agents
 * have no page of their own). Each concern also has its own page, e.g. /console/approvals.
 */
export default async function ConsoleOverview({ searchParams }: ConsolePageProps) {
  return (
    <>
      <Status msg={(await searchParams).msg} />
      <DeviceCode />
      <Approvals />
      <Agents />
      <Customers />
      <ExternalAccounts />
      <Webhooks />
    </>
  );
}
