/**
 * Sharing the core's result text: the Web Share API where the device offers it (phones and
 * tablets), else the clipboard with 'Results copied to clipboard!'.
 */
import { toast } from '../stores/toasts.ts';
import { activeLocale, t, tLoaded } from './i18n.ts';
import { DEFAULT_LOCALE } from './locale.ts';

/** The share text's line templates, in the order the core reads them (game-core `ShareWords`). */
const SHARE_LINES = [
  ['a.share.line.day', 'day'],
  ['a.share.line.community', 'community'],
  ['a.share.line.score', 'score'],
  ['a.share.line.survived', 'survived'],
  ['a.share.line.rarest', 'percent'],
] as const;

/**
 * The interface language's words for the core's share text: its five line templates, one a line,
 * with `{n}` where the core puts the number. `undefined` in English, where the core writes the
 * spec's lines itself (byte for byte, as the vectors pin them), and while the catalogue holding
 * them has not loaded (the core's English then, never message ids).
 */
export function shareWords(): string | undefined {
  return activeLocale() === DEFAULT_LOCALE ? undefined : shareTemplates();
}

/** The active locale's five share templates as the core takes them (`undefined` until loaded). */
export function shareTemplates(): string | undefined {
  const lines = SHARE_LINES.map(([id, argument]) => tLoaded(id, { [argument]: '{n}' }));
  return lines.every(Boolean) ? lines.join('\n') : undefined;
}

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
