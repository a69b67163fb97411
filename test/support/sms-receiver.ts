import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Sms {
  to: string;
  from: string;
  body: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

/** A real HTTP SMS gateway on loopback speaking the Twilio-compatible form: every message lands in `outbox`. */
export async function startSmsReceiver(): Promise<{
  url: (user?: string, pass?: string) => string;
  outbox: Sms[];
  close: () => Promise<void>;
}> {
  const outbox: Sms[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString("utf8")));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      outbox.push({
        to: form.get("To") ?? "",
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
      });
      res
        .writeHead(201, { "content-type": "application/json" })
        .end(JSON.stringify({ sid: `SM${outbox.length}`, status: "queued" }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (user, pass) =>
      `http://${user ? `${user}:${pass}@` : ""}127.0.0.1:${port}/2010-04-01/Accounts/AC1/Messages.json`,
    outbox,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
