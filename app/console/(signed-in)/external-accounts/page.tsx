import { redirect } from "next/navigation";

/** The external accounts moved into the accounts page (kind=external). */
export default function ExternalAccountsPage() {
  redirect("/console/accounts?kind=external");
}
