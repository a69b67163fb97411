"use client";

import { useState } from "react";
import { Button, Card } from "../ui";
import { demoSignIn, postForm } from "../site-auth";

export function SignInForms({ oidc, demo, error }: { oidc: boolean; demo: boolean; error: string | null }) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(error ? `Sign-in failed (${error})` : null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mt-6 space-y-4">
      {problem ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {oidc ? (
        <Card title="With your identity provider" id="oidc">
          <Button type="button" disabled={busy} onClick={() => (setBusy(true), postForm("/signin/loopback", { callbackUrl: "/wallet" }))}>
            Continue with OpenID provider
          </Button>
        </Card>
      ) : null}
      {demo ? (
        <Card title="Try it: demo customer (sandbox)" id="demo">
          <form
            className="space-y-3"
            onSubmit={async (e) => {
              e.preventDefault();
              setBusy(true);
              setProblem(null);
              const err = await demoSignIn(email, name);
              if (err) {
                setProblem(err);
                setBusy(false);
              } else window.location.assign("/wallet");
            }}
          >
            <div>
              <label htmlFor="demo-email" className="block text-sm font-medium">
                Email
              </label>
              <input
                id="demo-email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className="mt-1 w-full rounded border border-slate-400 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="demo-name" className="block text-sm font-medium">
                Name (optional)
              </label>
              <input
                id="demo-name"
                type="text"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                className="mt-1 w-full rounded border border-slate-400 px-3 py-2"
              />
            </div>
            <p className="text-sm text-slate-700">Sandbox only: no password; the email code is always 000000.</p>
            <Button type="submit" disabled={busy}>
              Sign in as demo customer
            </Button>
          </form>
        </Card>
      ) : null}
      {!oidc && !demo ? <p>No sign-in method is configured for this site.</p> : null}
    </div>
  );
}
