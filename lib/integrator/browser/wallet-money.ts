/**
 * The wallet's money as the page sees it, through the integrator backend: the overview it polls, the sandbox
 * receive, quotes to the user's external accounts, and execution under a wallet signature (signed retry).
 */
import type { InternalAccount, Quote, Transaction } from "@/lib/sdk/types";
import type { CardActivity } from "../backend/cards";
import { api, ok, signedRequest, type OnProgress } from "./api";
import { currentSigner } from "./flows";

/** A payment (the service's transactions other than card ones: those have no sent/received amounts). */
export type Payment = Extract<Transaction, { sentAmount: unknown }>;

export interface Overview {
  account: InternalAccount;
  address: string | null;
  transactions: Payment[];
  cardPurchases: CardActivity[];
  totalTransactions: number;
}

export const getOverview = async () => ok(await api<Overview>("GET", "/overview")).body;

export async function receiveSandbox(amount: number): Promise<InternalAccount> {
  return ok(await api<InternalAccount>("POST", "/receive", { body: { amount } })).body;
}

export async function quoteToExternal(input: {
  externalAccountId: string;
  amount: number;
  side: "SENDING" | "RECEIVING";
}): Promise<Quote> {
  return ok(await api<Quote>("POST", "/quotes", { body: input })).body;
}

/** A quote to an UMA address (the integrator backend looks the receiver up first). */
export async function quoteToUma(input: {
  umaAddress: string;
  amount: number;
  side: "SENDING" | "RECEIVING";
}): Promise<Quote> {
  return ok(await api<Quote>("POST", "/quotes", { body: input })).body;
}

/** Execute the quote, signed with this browser's session key; the answer is the quote after execution. */
export async function executeQuote(quoteId: string, onProgress?: OnProgress): Promise<Quote> {
  return signedRequest<Quote>(
    "POST",
    `/quotes/${encodeURIComponent(quoteId)}/execute`,
    undefined,
    currentSigner,
    onProgress,
  );
}

export const getTransaction = async (id: string) =>
  ok(await api<Payment>("GET", `/transactions/${encodeURIComponent(id)}`)).body;

export interface ExternalAccountSummary {
  id: string;
  status: string;
  currency: string;
  accountInfo: {
    accountType: string;
    address?: string;
    accountNumber?: string;
    iban?: string;
    beneficiary?: { fullName?: string; legalName?: string };
  };
}

export const listExternalAccounts = async () =>
  ok(await api<{ data: ExternalAccountSummary[] }>("GET", "/integrator/api/accounts")).body.data;
