import type { ComponentType } from "react";

/** The outcome of the last form post (the `msg` of its redirect). */
export function Status({ msg }: { msg?: string }) {
  return msg ? (
    <p role="status" className="rounded bg-blue-50 p-2 text-blue-900">
      {msg}
    </p>
  ) : null;
}

export type ConsolePageProps = { searchParams: Promise<{ msg?: string }> };

/** A console page of one concern: the status line, then its section. */
export function sectionPage(Section: ComponentType) {
  return async function ConsoleSectionPage({ searchParams }: ConsolePageProps) {
    return (
      <>
        <Status msg={(await searchParams).msg} />
        <Section />
      </>
    );
  };
}
