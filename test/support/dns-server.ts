/**
 * A loopback DNS server for tests (dns2): answers A and AAAA for the names in `zone`, NXDOMAIN for
 * the rest. A zone entry may be a function of how many A queries that name has had, to play DNS
 * rebinding. Give `address` to the server under test as WEBHOOK_DNS_SERVERS.
 */
import dns2 from "dns2";

const { Packet } = dns2;

export interface Answer {
  A?: string[];
  AAAA?: string[];
}

export interface TestDns {
  /** `127.0.0.1:<port>` */
  address: string;
  zone: Map<string, Answer | ((nthA: number) => Answer)>;
  /** A queries seen per name. */
  aQueries: Map<string, number>;
  close: () => Promise<void>;
}

export async function startDns(entries: Record<string, Answer | ((nthA: number) => Answer)> = {}): Promise<TestDns> {
  const zone = new Map(Object.entries(entries));
  const aQueries = new Map<string, number>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [q] = request.questions;
      const name = q.name.toLowerCase();
      const entry = zone.get(name);
      if (q.type === Packet.TYPE.A) aQueries.set(name, (aQueries.get(name) ?? 0) + 1);
      const answer = typeof entry === "function" ? entry(aQueries.get(name) ?? 0) : entry;
      if (!answer)
        response.header.rcode = 3; // NXDOMAIN
      else if (q.type === Packet.TYPE.A) {
        for (const address of answer.A ?? [])
          response.answers.push(Packet.createResourceFromQuestion(q, { ttl: 0, address }));
      } else if (q.type === Packet.TYPE.AAAA) {
        for (const address of answer.AAAA ?? [])
          response.answers.push(Packet.createResourceFromQuestion(q, { ttl: 0, address }));
      }
      void send(response);
    },
  });
  const addrs = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = (addrs as { udp?: { port: number } }).udp!.port;
  return { address: `127.0.0.1:${port}`, zone, aQueries, close: () => server.close() };
}
