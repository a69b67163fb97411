import type { ConsoleT } from "@/lib/integrator/console/i18n";
import type { Column, Row } from "./data-table";
import { LocalTime } from "./local-time";
import { Badge } from "./badge";
import { Id } from "./id";
import { money } from "./money";

// Transfers and card transactions share the list; read both shapes loosely.
// biome-ignore lint/suspicious/noExplicitAny: two unrelated wire shapes in one list; each column reads the fields its shape has.
type Tx = Record<string, any>;

export const transactionColumns = (t: ConsoleT): Column[] => [
  { id: "id", header: t("transactions.transaction"), primary: true },
  { id: "status", header: t("common.status") },
  { id: "amount", header: t("transactions.amount") },
  { id: "direction", header: t("transactions.direction") },
  { id: "created", header: t("common.created") },
];

/** A transaction's amount as sent; a card transaction's settled amount, else what was authorized (or declined). */
export const txAmount = (tx: Tx, locale: string) =>
  money(tx.sentAmount ?? tx.settledAmount ?? tx.authorizedAmount ?? tx.amount, locale);

/** The VASP an incoming UMA payment came from: the domain of its sender's UMA address. */
export const sendingVasp = (tx: Tx): string | undefined =>
  tx.source?.sourceType === "UMA_ADDRESS" && typeof tx.source.umaAddress === "string"
    ? tx.source.umaAddress.split("@")[1]
    : undefined;

/** A card transaction's decline reason in words (the catalogue's), else its code. */
export const declineReason = (tx: Tx, t: ConsoleT): string | undefined => {
  const r = tx.declineReason as string | undefined;
  if (!r) return undefined;
  const known = ["INSUFFICIENT_FUNDS", "CARD_PAUSED", "CARD_CLOSED", "CARD_NOT_ACTIVE", "LIMIT_EXCEEDED"] as const;
  const k = known.find((x) => x === r);
  return k ? t(`transactions.declineReasons.${k}`) : r;
};

export function transactionRows(data: Tx[], t: ConsoleT, locale: string): Row[] {
  return data.map((tx) => ({
    id: tx.id,
    cells: {
      id: <Id value={tx.id} href={`/console/transactions/${tx.id}`} />,
      status: (
        <span className="flex flex-col items-start gap-1">
          <Badge status={tx.status} />
          {tx.pendingReason ? (
            <span className="text-xs text-slate-600 dark:text-slate-400">{tx.pendingReason}</span>
          ) : null}
          {tx.declineReason ? (
            <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="decline-reason">
              {declineReason(tx, t)}
            </span>
          ) : null}
        </span>
      ),
      amount: txAmount(tx, locale),
      direction:
        tx.type === "CARD"
          ? `${t("transactions.card")} · ${tx.merchant?.descriptor ?? "—"}`
          : tx.direction === "INCOMING" || tx.type === "INCOMING"
            ? tx.source?.sourceType === "UMA_ADDRESS" && tx.source.umaAddress
              ? `${t("transactions.incoming")} · ${t("transactions.fromUma", { address: tx.source.umaAddress })}`
              : t("transactions.incoming")
            : t("transactions.outgoing"),
      created: <LocalTime iso={tx.createdAt} locale={locale} />,
    },
  }));
}
