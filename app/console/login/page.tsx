export const dynamic = "force-dynamic";

export default async function ConsoleLogin({ searchParams }: { searchParams: Promise<{ msg?: string }> }) {
  const { msg } = await searchParams;
  return (
    <main className="mx-auto max-w-md p-8">
      <h1 className="text-2xl font-semibold">Platform console</h1>
      <p className="mt-2 text-slate-700">Sign in with your platform credentials (client id and client secret).</p>
      {msg ? (
        <p role="status" className="mt-4 rounded bg-amber-100 p-2 text-amber-900">
          {msg}
        </p>
      ) : null}
      <form method="post" action="/console/session" className="mt-6 space-y-4">
        <label className="block">
          <span className="text-sm font-medium">Client id</span>
          <input
            name="clientId"
            required
            autoComplete="username"
            className="mt-1 w-full rounded border border-slate-300 p-2"
          />
        </label>
        <label className="block">
          <span className="text-sm font-medium">Client secret</span>
          <input
            name="clientSecret"
            type="password"
            required
            autoComplete="current-password"
            className="mt-1 w-full rounded border border-slate-300 p-2"
          />
        </label>
        <button type="submit" className="rounded bg-blue-700 px-4 py-2 font-medium text-white">
          Sign in
        </button>
      </form>
    </main>
  );
}
