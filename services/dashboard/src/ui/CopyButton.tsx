/** Copies a text to the clipboard and says so; where the clipboard is refused, selects the text instead. */
import { useState } from 'react';

export function CopyButton({ text, label, targetId }: { text: string; label: string; targetId?: string }) {
  const [copied, setCopied] = useState<'yes' | 'selected' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      const target = targetId ? document.getElementById(targetId) : null;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.select();
      setCopied('selected');
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void copy()}>
        {label}
      </button>
      <span className="copy-status" role="status">
        {copied === 'yes' ? 'Copied' : copied === 'selected' ? 'Selected: press Ctrl+C (⌘C) to copy' : ''}
      </span>
    </>
  );
}
