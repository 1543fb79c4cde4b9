/**
 * A link to a community game for its creator to pass on: the device's share sheet where there is
 * one (phones, tablets), else the clipboard, with a toast that says it was copied (or shows the
 * link to copy by hand). On the creator's own game page and on their profile's public cards.
 */
import '../styles/full.css';
import type { SVGProps } from 'react';
import { base } from './icons.tsx';
import { toast } from '../stores/toasts.ts';
import { t as translate, useT } from '../lib/i18n.ts';

/** The address of a community game, as the player reaches this site now. */
export const gameLink = (uid: string, origin = window.location.origin) => `${origin}/community/${encodeURIComponent(uid)}`;

function prefersShareSheet(url: string): boolean {
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  if (!coarse || !('share' in navigator)) return false;
  return !('canShare' in navigator) || navigator.canShare({ url });
}

export async function shareGameLink(uid: string, prompt: string): Promise<void> {
  const url = gameLink(uid);
  if (prefersShareSheet(url)) {
    try {
      await navigator.share({ title: prompt, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the sheet was closed
    }
  }
  try {
    if (!('clipboard' in navigator)) throw new Error('no clipboard here');
    await navigator.clipboard.writeText(url);
    toast({ title: translate('b.shareLink.copied'), status: 'success', flow: 'share-link' });
  } catch {
    toast({ title: translate('b.shareLink.copyFailed'), description: url, status: 'error', duration: 10_000, flow: 'share-link' });
  }
}

export function LinkIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base(props)} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}

/** "Share link" under the creator's own game. */
export function ShareGameLinkButton({ uid, prompt }: { uid: string; prompt: string }) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pb-2 text-center">
      <button type="button" className="btn btn-secondary" data-testid="share-game-link" onClick={() => void shareGameLink(uid, prompt)}>
        <LinkIcon className="me-1 inline align-[-2px]" />
        {t('b.shareLink.label')}
      </button>
    </div>
  );
}
