"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { listMyCards, revealMyCard, type CardDetails, type WalletCard } from "@/lib/integrator/browser/cards";
import { getMe, type Me } from "@/lib/integrator/browser/flows";
import { Button, Card, ErrorMessage, useAction } from "../../ui";

const exp = (m?: number, y?: number) => (m && y ? `${String(m).padStart(2, "0")}/${String(y).slice(-2)}` : "");
const grouped = (pan: string) => pan.replace(/(\d{4})(?=\d)/g, "$1 ");

/** The user's cards, masked; "Show details" opens the number and CVV in this browser only, hidden again after a minute. */
export function CardsPanel() {
  const t = useTranslations("cards");
  const tc = useTranslations("common");
  const [me, setMe] = useState<Me | null>(null);
  const [cards, setCards] = useState<WalletCard[] | null>(null);
  const load = useAction();
  const reload = useCallback(
    () =>
      load.run(async () => {
        const [m, c] = await Promise.all([getMe(), listMyCards()]);
        setMe(m);
        setCards(c);
      }),
    [load.run],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <ErrorMessage error={load.error} />
      <Card title={t("yours")} id="cards">
        {cards === null ? (
          <p role="status">{tc("loading")}</p>
        ) : cards.length === 0 ? (
          <p>{t("none")}</p>
        ) : (
          <ul className="space-y-4">
            {cards.map((c) => (
              <CardItem key={c.id} card={c} me={me} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function CardItem({ card, me }: { card: WalletCard; me: Me | null }) {
  const t = useTranslations("cards");
  const reveal = useAction();
  const [details, setDetails] = useState<CardDetails | null>(null);
  useEffect(() => {
    if (!details) return;
    const timer = setTimeout(() => setDetails(null), 60_000);
    return () => clearTimeout(timer);
  }, [details]);
  const canReveal = me?.enclaveQuorumPublic && (card.state === "ACTIVE" || card.state === "FROZEN");
  const state = t.has(`state.${card.state}`)
    ? t(`state.${card.state}` as "state.other")
    : t("state.other", { state: card.state });
  return (
    <li
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-testid="wallet-card"
      data-card-id={card.id}
    >
      <div className="flex items-center justify-between">
        <span className="font-medium">{card.brand ?? t("card")}</span>
        <span data-testid="wallet-card-state" data-state={card.state} className="text-sm">
          {state}
        </span>
      </div>
      <span className="sr-only">{t("number")}</span>
      <p className="mt-2 font-mono text-lg" data-testid="card-number">
        {details ? grouped(details.pan) : `•••• •••• •••• ${card.last4 ?? "••••"}`}
      </p>
      <p className="mt-1 font-mono text-sm">
        {t("exp")}{" "}
        <span data-testid="card-exp">
          {details ? exp(details.expMonth, details.expYear) : exp(card.expMonth, card.expYear)}
        </span>{" "}
        · {t("cvv")} <span data-testid="card-cvv">{details ? details.cvv : "•••"}</span>
      </p>
      <ErrorMessage error={reveal.error} />
      <div className="mt-3">
        {details ? (
          <Button variant="secondary" onClick={() => setDetails(null)}>
            {t("hide")}
          </Button>
        ) : (
          <Button
            disabled={!canReveal || reveal.busy}
            onClick={() =>
              reveal.run(async () => {
                const quorum = me?.enclaveQuorumPublic;
                if (!me || !quorum) return;
                setDetails(await revealMyCard(card.id, quorum, me.platformId));
              })
            }
          >
            {reveal.busy ? t("decrypting") : t("show")}
          </Button>
        )}
      </div>
    </li>
  );
}
