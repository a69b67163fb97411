import Image from "next/image";
import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="flex items-center gap-3 text-2xl font-semibold">
        <Image src="/logo.svg" alt="" width={40} height={40} unoptimized />
        Payments service
      </h1>
      <p className="mt-2 text-slate-700">
        The service API lives under <code>/api/2025-10-13</code>. It authenticates platforms with HTTP Basic.
      </p>
      <ul className="mt-4 list-disc pl-6">
        <li>
          <Link className="text-blue-700 underline" href="/wallet">
            Example wallet
          </Link>{" "}
          (an integrator built on the service: sign-in, passkeys, email codes, OpenID)
        </li>
        <li>
          <Link className="text-blue-700 underline" href="/docs">
            API reference
          </Link>
        </li>
        <li>
          <a className="text-blue-700 underline" href="/api/2025-10-13/openapi.json">
            OpenAPI document
          </a>
        </li>
        <li>
          <a className="text-blue-700 underline" href="/api/health">
            Health
          </a>
        </li>
      </ul>
    </main>
  );
}
