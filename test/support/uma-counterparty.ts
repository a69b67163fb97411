/**
 * A counterparty UMA VASP written only with `@uma-sdk/core` (and Node's http and crypto), none of this project's UMA
 * code: it publishes bare keys, answers LNURLP and pay requests as the library builds them, accepts the sandbox
 * settlement layer's deliveries, and pays another VASP through the same library calls.
 */
import crypto from "node:crypto";
import http from "node:http";
import {
  getLnurlpResponse,
  getPayRequest,
  getPayReqResponse,
  getSignedLnurlpRequestUrl,
  InMemoryNonceValidator,
  KycStatus,
  Currency,
  LnurlpResponse,
  parseLnurlpRequest,
  PayReqResponse,
  PayRequest,
  PubKeyResponse,
  signPayload,
  verifyPayReqResponseSignature,
  verifyPayReqSignature,
  verifyUmaLnurlpQuerySignature,
  verifyUmaLnurlpResponseSignature,
} from "@uma-sdk/core";

function keyPair() {
  const ecdh = crypto.createECDH("secp256k1");
  ecdh.generateKeys();
  return { priv: new Uint8Array(ecdh.getPrivateKey()), pubHex: ecdh.getPublicKey("hex", "uncompressed") };
}

/** An HTTP request to `origin` as if to `domain` (Host header), JSON in and out. */
export function asDomain(
  origin: string,
  domain: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${origin}${path}`,
      {
        method: data === undefined ? "GET" : "POST",
        headers: { host: domain, ...(data ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          let json: any = text;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

export interface Counterparty {
  domain: string;
  origin: string;
  signing: ReturnType<typeof keyPair>;
  /** Deliveries of the sandbox settlement layer this VASP received, by invoice. */
  received: { invoice: string; body: any }[];
  payRequests: PayRequest[];
  /** Where this VASP reaches other domains (its own "hosts file"), set by the test. */
  peers: Map<string, string>;
  close: () => Promise<void>;
  /** The other VASP's keys, fetched from its origin as its domain. */
  keysOf: (origin: string, domain: string) => Promise<PubKeyResponse>;
}

export async function startCounterparty(domain: string): Promise<Counterparty> {
  const signing = keyPair();
  const encryption = keyPair();
  const nonces = new InMemoryNonceValidator(Date.now() - 60_000);
  const received: Counterparty["received"] = [];
  const payRequests: PayRequest[] = [];
  const peers = new Map<string, string>();
  const keysOf = async (origin: string, d: string) =>
    PubKeyResponse.fromJson(JSON.stringify((await asDomain(origin, d, "/.well-known/lnurlpubkey")).json));
  let origin = "";
  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let text = "";
    for await (const c of req) text += c;
    try {
      const url = new URL(req.url ?? "/", `http://${domain}`);
      if (url.pathname === "/.well-known/lnurlpubkey")
        return send(200, { signingPubKey: signing.pubHex, encryptionPubKey: encryption.pubHex });
      if (url.pathname.startsWith("/.well-known/lnurlp/")) {
        const q = parseLnurlpRequest(url);
        const senderKeys = await keysOf(peers.get(q.vaspDomain ?? "") ?? "", q.vaspDomain ?? "");
        if (!(await verifyUmaLnurlpQuerySignature(q, senderKeys, nonces))) return send(401, { status: "ERROR" });
        const r = await getLnurlpResponse({
          request: q,
          privateKeyBytes: signing.priv,
          requiresTravelRuleInfo: true,
          callback: `${origin}/payreq`,
          encodedMetadata: JSON.stringify([["text/plain", "Pay carl"]]),
          minSendableSats: 1,
          maxSendableSats: 10_000_000,
          payerDataOptions: {
            name: { mandatory: true },
            identifier: { mandatory: true },
            compliance: { mandatory: true },
          },
          currencyOptions: [new Currency("USD", "US Dollar", "$", 1000, 1, 10_000_000, 2)],
          receiverKycStatus: KycStatus.Verified,
          settlementOptions: [{ settlementLayer: "sandbox", assets: [{ identifier: "USD", multipliers: { USD: 1 } }] }],
        });
        return send(200, JSON.parse(r.toJsonString()));
      }
      if (url.pathname === "/payreq") {
        const pr = PayRequest.fromJson(text);
        const payer = pr.payerData?.identifier ?? "";
        const d = payer.split("@")[1];
        if (!(await verifyPayReqSignature(pr, await keysOf(peers.get(d) ?? "", d), nonces)))
          return send(401, { status: "ERROR" });
        payRequests.push(pr);
        const id = crypto.randomUUID();
        const r = await getPayReqResponse({
          request: pr,
          conversionRate: 1000,
          receivingCurrencyCode: "USD",
          receivingCurrencyDecimals: 2,
          invoiceCreator: { createUmaInvoice: async () => `${origin}/settle/${id}` },
          metadata: JSON.stringify([["text/plain", "Pay carl"]]),
          receiverChannelUtxos: [],
          receiverFeesMillisats: 0,
          payeeData: { identifier: `$carl@${domain}` },
          receivingVaspPrivateKey: signing.priv,
          payeeIdentifier: `$carl@${domain}`,
        });
        return send(200, JSON.parse(r.toJsonString()));
      }
      if (url.pathname.startsWith("/settle/")) {
        received.push({ invoice: `${origin}${url.pathname}`, body: JSON.parse(text) });
        return send(200, { status: "SETTLED", invoice: `${origin}${url.pathname}` });
      }
      send(404, { status: "ERROR", reason: "not found" });
    } catch (e) {
      send(400, { status: "ERROR", reason: String(e) });
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const cp: Counterparty = {
    domain,
    origin,
    signing,
    received,
    payRequests,
    keysOf,
    peers,
    close: () => new Promise((r) => server.close(() => r())),
  };
  return cp;
}

/**
 * The counterparty pays `receiver` at the VASP served from `peerOrigin`: signed LNURLP request, verified answer, pay
 * request with compliance data encrypted to the receiver's key, verified PayReqResponse, and the sandbox layer's
 * delivery to its invoice signed with the library's signPayload. Returns each step's answer.
 */
export async function counterpartyPays(
  cp: Counterparty,
  peerOrigin: string,
  receiver: string,
  amount: number,
  opts: { deliver?: boolean } = {},
) {
  const peerDomain = receiver.split("@")[1];
  const nonces = new InMemoryNonceValidator(Date.now() - 60_000);
  const url = await getSignedLnurlpRequestUrl({
    isSubjectToTravelRule: true,
    receiverAddress: receiver,
    senderVaspDomain: cp.domain,
    signingPrivateKey: cp.signing.priv,
  });
  const lnurlp = await asDomain(peerOrigin, peerDomain, `${url.pathname}${url.search}`);
  if (lnurlp.status !== 200) return { lnurlp };
  const peerKeys = await cp.keysOf(peerOrigin, peerDomain);
  const response = LnurlpResponse.fromJson(JSON.stringify(lnurlp.json));
  const lnurlpVerified = await verifyUmaLnurlpResponseSignature(response, peerKeys, nonces);
  const payer = `$carl@${cp.domain}`;
  const request = await getPayRequest({
    receiverEncryptionPubKey: peerKeys.getEncryptionPubKey(),
    sendingVaspPrivateKey: cp.signing.priv,
    receivingCurrencyCode: "USD",
    isAmountInReceivingCurrency: true,
    amount,
    payerIdentifier: payer,
    payerName: "Carl Counterparty",
    payerKycStatus: KycStatus.Verified,
    trInfo: JSON.stringify({ originator: payer }),
    umaMajorVersion: 1,
    settlement: { layer: "sandbox", assetIdentifier: "USD" },
  });
  const callback = new URL(response.callback);
  const payreq = await asDomain(callback.origin, callback.host, callback.pathname, JSON.parse(request.toJsonString()));
  if (payreq.status !== 200) return { lnurlp, lnurlpVerified, payreq };
  const payReqResponse = PayReqResponse.fromJson(JSON.stringify(payreq.json));
  const payReqVerified = await verifyPayReqResponseSignature(payReqResponse, payer, receiver, peerKeys, nonces);
  if (opts.deliver === false) return { lnurlp, lnurlpVerified, payreq, payReqVerified, invoice: payReqResponse.pr };
  const delivery = {
    invoice: payReqResponse.pr,
    senderVaspDomain: cp.domain,
    payerIdentifier: payer,
    amount,
    currency: "USD",
    paymentId: crypto.randomUUID(),
    nonce: crypto.randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
  };
  const payload = [delivery.invoice, amount, "USD", delivery.paymentId, delivery.nonce, delivery.timestamp].join("|");
  const signature = await signPayload(payload, cp.signing.priv);
  const inv = new URL(payReqResponse.pr);
  const settled = await asDomain(inv.origin, inv.host, inv.pathname, { ...delivery, signature });
  return { lnurlp, lnurlpVerified, payreq, payReqVerified, settled, delivery: { ...delivery, signature } };
}
