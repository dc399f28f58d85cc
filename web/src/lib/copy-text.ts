import { useCallback, useEffect, useState } from 'react';
import { COPY_NOTICE_MS } from '@inkwell/contract';

/** Puts text on the clipboard; rejects when the browser would not. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Pages served over plain http (no secure context) have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/** Copy on demand, and whether it just copied (true for COPY_NOTICE_MS, then false again). */
export function useCopy(): [copied: boolean, copy: (text: string) => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback((text: string) => {
    copyText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }, []);
  return [copied, copy];
}
