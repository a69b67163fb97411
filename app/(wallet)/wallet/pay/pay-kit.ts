/** What the pay page works with: the backend's answers, the beneficiary's label, an answer's error, the page's styles. */
import type { ApiResult } from "@/lib/integrator/browser/api";
import type { ErrorBody } from "@/lib/sdk/types";

/** Countries the page offers; the SCA ones first among them are those of protocol.md "Who needs contact verification and SCA". */
export const COUNTRIES = ["US", "CA", "MX", "BR", "GB", "DE", "FR", "ES", "IT", "NL", "IE", "CH", "NG", "IN", "PH"];
interface Account {
  id: string;
  balance: { amount: number; currency: { code: string; decimals: number } };
}
export interface Beneficiary {
  id: string;
  currency: string;
  accountInfo: { accountType: string; accountNumber?: string; iban?: string; beneficiary?: { fullName?: string } };
}
export interface Setup {
  sources: Account[];
  destinations: Beneficiary[];
  country: string | null;
  sca: { required: boolean; phoneNumber: string | null; phoneVerified: boolean };
  sandbox: boolean;
  currencies: string[];
}
export interface Quote {
  id: string;
  status: string;
  totalSendingAmount: number;
  sendingCurrency: { code: string; decimals: number };
  scaChallenge?: { id: string; factor: string; expiresAt: string };
}

export const label = (b: Beneficiary) => {
  const i = b.accountInfo;
  const tail = i.iban ?? (i.accountNumber ? `••••${i.accountNumber.slice(-4)}` : "");
  return `${i.beneficiary?.fullName ?? i.accountType} ${tail}`.trim();
};

export function failure<T>(r: ApiResult<T>): ErrorBody | null {
  if (r.status < 400) return null;
  const b = (r.body ?? {}) as Partial<ErrorBody>;
  return {
    status: r.status,
    code: b.code ?? `HTTP_${r.status}`,
    message: b.message ?? "Request failed",
    details: b.details,
  };
}

export const box = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900";
export const input = "mt-1 block w-full rounded border border-slate-400 bg-white px-3 py-2 dark:bg-slate-800";
export const button = "mt-3 rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900 disabled:opacity-60";
export const secondary =
  "mt-3 ml-2 rounded border border-slate-400 px-4 py-2 font-medium text-slate-900 disabled:opacity-60 dark:text-slate-100";
