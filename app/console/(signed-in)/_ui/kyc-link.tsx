import { cookies } from "next/headers";
import { KYC_LINK_COOKIE, redeemHandoff } from "@/lib/integrator/console/console-handoff";
import { CONSOLE_COOKIE } from "@/lib/integrator/console/console-session";
import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { CopyButton } from "./copy-button";
import { Section } from "./section";
import { buttonPlain } from "./styles";

/**
 * The customer's hosted verification link: a button that creates one (app/console/customers/[customerId]/kyc-link), and
 * the link just created, shown once: the cookie holds a one-time code, redeemed here for the link kept on the server.
 */
export async function KycLinkSection({ customerId, t }: { customerId: string; t: ConsoleT }) {
  const jar = await cookies();
  const url = await redeemHandoff(jar.get(CONSOLE_COOKIE)?.value, "KYC_LINK", jar.get(KYC_LINK_COOKIE)?.value);
  return (
    <Section title={t("customers.kycLink")} id="kyc-link">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("customers.kycLinkHelp")}</p>
      {url ? (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50">
          {t("customers.kycLinkReady")}{" "}
          <a data-testid="kyc-link" href={url} className="break-all font-mono underline">
            {url}
          </a>
          <CopyButton
            text={url}
            label={t("customers.copyKycLink")}
            copyText={t("common.copy")}
            copiedText={t("common.copied")}
          />
        </p>
      ) : null}
      <form method="post" action={`/console/customers/${encodeURIComponent(customerId)}/kyc-link`}>
        <button type="submit" className={buttonPlain}>
          {t("customers.createKycLink")}
        </button>
      </form>
    </Section>
  );
}
