import type { ReactNode } from "react";

/** A console table: the column heads (an empty one for the actions column), then the rows. */
export function Table({ heads, className = "mt-2", children }: { heads: string[]; className?: string; children: ReactNode }) {
  return (
    <table className={`${className} w-full text-left text-sm`}>
      <thead>
        <tr>
          {heads.map((h, i) => (
            <th key={i}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
