import type { ReactNode } from "react";

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ?? slug(title)} className="space-y-3">
      <h2 id={id ?? slug(title)} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
