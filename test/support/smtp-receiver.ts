import type net from "node:net";
import { SMTPServer } from "smtp-server";

export interface Mail {
  to: string[];
  raw: string;
}

/** A real SMTP receiver on loopback: every message lands in `inbox`. */
export async function startSmtp(inbox: Mail[]): Promise<{ port: number; close: () => Promise<void> }> {
  const smtp = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (d: Buffer) => (raw += d.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: (session.envelope.rcptTo || []).map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = ((smtp as unknown as { server: net.Server }).server.address() as net.AddressInfo).port;
  return { port, close: () => new Promise((r) => smtp.close(() => r())) };
}
