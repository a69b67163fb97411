/** A JSON document, pretty-printed and scrollable. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: names the block for screen readers; not a landmark, so the page's own "Payload" section stays the one region of that name.
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      aria-label={label}
      className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
