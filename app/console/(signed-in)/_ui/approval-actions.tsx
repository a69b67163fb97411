import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { ReturnField } from "./return-field";
import { buttonDanger, buttonGood, inputClass } from "./styles";

/** Approve or reject a transaction that waits for the platform (posts to /console/transactions/{id}/approve|reject). */
export function ApprovalActions({
  transactionId,
  returnTo,
  t,
}: {
  transactionId: string;
  returnTo: string;
  t: ConsoleT;
}) {
  const base = `/console/transactions/${transactionId}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form method="post" action={`${base}/approve`}>
        <ReturnField to={returnTo} />
        <button type="submit" className={buttonGood}>
          {t("approvals.approve")}
        </button>
      </form>
      <form method="post" action={`${base}/reject`} className="flex flex-wrap gap-2">
        <ReturnField to={returnTo} />
        <input
          name="reason"
          placeholder={t("approvals.reason")}
          aria-label={t("approvals.reasonLabel")}
          className={inputClass}
        />
        <button type="submit" className={buttonDanger}>
          {t("approvals.reject")}
        </button>
      </form>
    </div>
  );
}
