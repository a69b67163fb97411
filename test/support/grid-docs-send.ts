/** An example of Grid's documentation made a request of this world, and sent (test/integration/edge/grid-docs-corpus.test.ts). */
import type { P256KeyPair } from "@/lib/shared/crypto/web";
import { stampSigner } from "@/lib/sdk";
import { api } from "./api";
import type { DocExample } from "./grid-docs-corpus";
import { CSV, JPEG, type World } from "./grid-docs-world";
import { otpBundle, sdkFor } from "./wallet";

const TYPES =
  "Customer|InternalAccount|ExternalAccount|Quote|Transaction|CardTransaction|Card|AuthMethod|Session|LookupRequest|Lookup|BeneficialOwner|Invitation";

const ID_TOKEN = new RegExp(`\\b(${TYPES}):([A-Za-z0-9_-]*(?:\\.\\.\\.|…)?)`, "g");

/** The object a placeholder stands for, by its type, the request's path and the order it appears in. */
async function objectFor(
  w: World,
  type: string,
  raw: string,
  path: string,
  nth: number,
  business: boolean,
): Promise<string> {
  switch (type) {
    case "Customer":
      return business ? (await w.business()).id : (await w.customer()).id;
    case "InternalAccount":
      if (/platform/i.test(raw)) return w.platformAccount();
      if (/^\/(internal-accounts|auth\/)/.test(path)) return w.wallet();
      if (/btc/i.test(raw)) return w.account("BTC");
      if (/^\/crypto\//.test(path)) return w.account("USDC");
      return w.account(["USD", "EUR", "MXN"][nth] ?? "USD");
    case "ExternalAccount":
      return w.external();
    case "Quote":
      return path === "/sandbox/send" ? w.realtimeQuote() : w.quote();
    case "Transaction":
      return /\/(approve|reject)$/.test(path.split("?")[0]) ? w.pendingTransaction() : w.transaction();
    case "Card":
      return /^\/auth\/delegated-keys/.test(path) ? w.walletCard() : w.card();
    case "CardTransaction":
      if (/simulate\/return_reversal/.test(path)) return w.returnedCardTransaction();
      if (/simulate\/return/.test(path)) return w.clearedCardTransaction();
      return w.authorizedCardTransaction();
    case "AuthMethod":
      return w.authMethod();
    case "Session":
      return w.session();
    case "Lookup":
    case "LookupRequest":
      return w.lookup();
    case "BeneficialOwner":
      return w.beneficialOwner();
    default:
      return `${type}:${raw}`;
  }
}

/** `{name}` in a path: the object it names, by name and by the path around it. */
async function templateValue(w: World, name: string, path: string, business: boolean): Promise<string | undefined> {
  const p = path.split("?")[0];
  switch (name) {
    case "customerId":
      return business ? (await w.business()).id : (await w.customer()).id;
    case "accountId":
      return w.account();
    case "quoteId":
      return w.quote();
    case "transactionId":
      return w.transaction();
    case "platformCustomerId":
      return (await w.customer()).platformCustomerId;
    case "umaAddress":
      return (await w.customer()).umaAddress;
    case "customerType":
      return "INDIVIDUAL";
    case "limit":
      return "10";
    case "jobId":
      return w.bulkJob();
    case "createdAfter":
      return "2025-01-01T00:00:00Z";
    case "createdBefore":
      return new Date(Date.now() + 3_600_000).toISOString();
    case "id":
      if (/^\/(sandbox\/)?cards\//.test(p)) return w.card();
      if (/^\/internal-accounts\//.test(p)) return w.wallet();
      if (/^\/auth\/credentials\//.test(p)) return w.authMethod();
      if (/^\/auth\/sessions\//.test(p)) return w.session();
      return undefined;
    default:
      return undefined;
  }
}

/** The example with its placeholders replaced by this world's objects. */
export interface Resolved {
  path: string;
  body?: string;
  form?: [string, string][];
  /** The key that signs a signed retry's second leg when it is not a session's: the one sealed in an OTP bundle. */
  signer?: P256KeyPair;
}

export async function resolve(w: World, ex: DocExample): Promise<Resolved> {
  let path = ex.path;
  // Query placeholders without a meaningful value (a page's `cursor={cursor}`) are left out.
  path = path.replace(/([?&])cursor=\{cursor\}&?/, "$1").replace(/[?&]$/, "");
  const texts = [path, ex.body ?? "", ...(ex.form ?? []).map(([, v]) => v)];
  const currency = /"(?:currency|currencyCode)"\s*:\s*"(USD|EUR|MXN)"/.exec(ex.body ?? "")?.[1];
  if (currency) w.payee = `$success.${currency.toLowerCase()}@sandbox.uma.money`;
  // A page paying one of the sandbox's own addresses looks that address up.
  const sandboxPayee = /"umaAddress"\s*:\s*"(\$[^"]+@sandbox\.uma\.money)"/.exec(ex.body ?? "")?.[1];
  if (sandboxPayee) w.payee = sandboxPayee;
  w.sendCurrency = /"currencyCode"\s*:\s*"([A-Z]{3,4})"/.exec(ex.body ?? "")?.[1] ?? w.sendCurrency;
  // A business's pages (beneficial owners, a business update or verification) name a BUSINESS customer.
  const business =
    /^\/beneficial-owners/.test(path) || /"customerType"\s*:\s*"BUSINESS"|businessInfo/.test(ex.body ?? "");
  const tokens = new Map<string, string>();
  const ordinal = new Map<string, number>();
  for (const text of texts)
    for (const m of text.matchAll(ID_TOKEN)) {
      if (tokens.has(m[0])) continue;
      const nth = ordinal.get(m[1]) ?? 0;
      ordinal.set(m[1], nth + 1);
      tokens.set(m[0], await objectFor(w, m[1], m[2], path, nth, business));
    }
  const replaceIds = (s: string) => s.replace(ID_TOKEN, (t) => tokens.get(t) ?? t);
  path = replaceIds(path);
  for (const m of [...path.matchAll(/\{([A-Za-z]+)\}/g)]) {
    const v = await templateValue(w, m[1], path, business);
    if (v !== undefined) path = path.replace(m[0], /\?/.test(path.slice(0, m.index)) ? encodeURIComponent(v) : v);
  }
  // A receiver outside Grid's sandbox directory stands for "someone to pay": the sandbox's settling address.
  path = path.replace(/\/receiver\/uma\/\$[^/?]+/, (seg) =>
    seg.endsWith("sandbox.uma.money") ? seg : `/receiver/uma/${w.payee}`,
  );
  path = path.replace(/\$(?=[^/?]*@)/g, "%24");
  // An invitation's code (the pages write a short id): a fresh invitation of this world.
  const invite = /^\/invitations\/([^/?]+)\/(claim|cancel)/.exec(path);
  if (invite) path = path.replace(invite[1], await w.invitation());
  let body = ex.body === undefined ? undefined : replaceIds(ex.body);
  if (body !== undefined) body = await umaAddresses(w, body);
  // The first leg of an EMAIL_OTP verify: the page's placeholder bundle becomes a real one, the sandbox's code sealed
  // (HPKE) to the target key of a challenge this world makes, as the client does (protocol.md EMAIL_OTP).
  const verify = /^\/auth\/credentials\/([^/]+)\/verify$/.exec(path);
  let signer: P256KeyPair | undefined;
  if (verify && body?.includes('"EMAIL_OTP"') && body.includes("encryptedOtpBundle")) {
    const sealed = await otpBundle(sdkFor(await w.platform()), verify[1], "000000");
    body = JSON.stringify({ ...JSON.parse(body), encryptedOtpBundle: sealed.encryptedOtpBundle });
    signer = sealed.key;
  }
  const form = ex.form?.map(([k, v]) => [k, replaceIds(v)] as [string, string]);
  return { path, body, form, signer };
}

/**
 * The pages' illustrative UMA addresses (`$your.user@your.domain`, `$receiver@uma.domain`): one of this platform's
 * customers where the page means its own customer (a receiver of a sandbox payment, an inviter, an invitee), and the
 * sandbox's settling address where it means someone to pay. Addresses of Grid's sandbox directory are kept.
 */
async function umaAddresses(w: World, body: string): Promise<string> {
  const own = /"(receiverUmaAddress|inviterUma)"\s*:\s*"(\$[^"]+)"/g;
  const invitee = /"(inviteeUma)"\s*:\s*"(\$[^"]+)"/g;
  const payee = /"(umaAddress|senderUmaAddress)"(\s*:\s*)"(\$[^"]+)"/g;
  let out = body;
  if (own.test(out)) {
    const mine = (await w.customer()).umaAddress;
    out = out.replace(own, (m, k, v) => (v.endsWith("sandbox.uma.money") ? m : `"${k}": "${mine}"`));
  }
  if (invitee.test(out)) {
    const theirs = (await w.other()).umaAddress;
    out = out.replace(invitee, (_m, k) => `"${k}": "${theirs}"`);
  }
  // In a customer's own record (POST/PATCH /customers) `umaAddress` is the customer's new address: kept.
  if (!/"customerType"/.test(out))
    out = out.replace(payee, (m, k, sep, v) => (v.endsWith("sandbox.uma.money") ? m : `"${k}"${sep}"${w.payee}"`));
  return out;
}

/**
 * The second leg of a signed retry, as the page sends it: the first leg (the same request without wallet headers) is
 * sent first, its `payloadToSign` signed by the wallet's session key (or the key sealed in the OTP bundle), and the
 * page's `Request-Id` and signature placeholders replaced by the real ones, under the page's own header names.
 */
export async function secondLeg(w: World, auth: string, ex: DocExample, r: Resolved) {
  const walletHeaders = Object.keys(ex.headers).filter((h) => h === "request-id" || h.endsWith("wallet-signature"));
  const bare = {
    ...ex,
    headers: Object.fromEntries(Object.entries(ex.headers).filter(([h]) => !walletHeaders.includes(h))),
  };
  const first = await send(auth, bare, r);
  if (first.status !== 202) return first;
  const challenge = first.body as { payloadToSign: string; requestId: string };
  const key = r.signer ?? (await w.signedIn()).key;
  const headers: Record<string, string> = { ...bare.headers, "request-id": challenge.requestId };
  for (const h of walletHeaders.filter((x) => x !== "request-id"))
    headers[h] = await stampSigner(key.privateKeyHex)(challenge.payloadToSign);
  return send(auth, { ...ex, headers }, r);
}

export async function send(auth: string, ex: DocExample, r: Resolved) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(ex.headers))
    if (!["authorization", "content-length"].includes(k) && !(r.form && k === "content-type")) headers[k] = v;
  headers.authorization = auth;
  let body: BodyInit | undefined = r.body;
  if (r.form) {
    const fd = new FormData();
    for (const [k, v] of r.form)
      if (v.startsWith("@") && v.endsWith(".csv")) fd.append(k, new Blob([CSV], { type: "text/csv" }), v.slice(1));
      else if (v.startsWith("@")) fd.append(k, new Blob([JPEG], { type: "image/jpeg" }), v.slice(1).split("/").pop());
      else fd.append(k, v);
    body = fd;
  } else if (r.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(`${api()}${r.path}`, { method: ex.method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed };
}
