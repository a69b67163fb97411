"use client";
import { useState } from "react";

export function CopyButton({
  text,
  label,
  copyText = "Copy",
  copiedText = "Copied",
}: {
  text: string;
  label: string;
  copyText?: string;
  copiedText?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      className="ml-2 rounded-md border border-current px-2 py-1 text-sm"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? copiedText : copyText}
    </button>
  );
}
