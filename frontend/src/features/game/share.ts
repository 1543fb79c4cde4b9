/**
 * Sharing the core's result text: the Web Share API where the device offers it (phones and
 * tablets), else the clipboard with 'Results copied to clipboard!'.
 */
import { toast } from '../../stores/toasts.ts';
import { t } from '../../lib/i18n.ts';

function prefersNativeShare(text: string): boolean {
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  if (!coarse || !('share' in navigator)) return false;
  return !('canShare' in navigator) || navigator.canShare({ text });
}

/** The clipboard exists only on secure origins (https, localhost). */
async function copy(text: string): Promise<void> {
  if (!('clipboard' in navigator)) throw new Error('no clipboard here');
  await navigator.clipboard.writeText(text);
}

export async function shareResult(text: string, copied = t('a.share.copied')): Promise<void> {
  if (prefersNativeShare(text)) {
    try {
      await navigator.share({ text });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the player closed the sheet
    }
  }
  try {
    await copy(text);
    toast({ title: copied, status: 'success', flow: 'share' });
  } catch {
    toast({ title: t('a.share.copyFailed'), description: text, status: 'error', duration: 10_000, flow: 'share' });
  }
}
