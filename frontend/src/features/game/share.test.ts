// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareResult } from './share.ts';
import { useToasts } from '../../stores/toasts.ts';
import { activateLocale } from '../../lib/i18n.ts';

const titles = () => useToasts.getState().toasts.map((t) => t.title);

function pointer(coarse: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: coarse && q.includes('coarse'), addEventListener: vi.fn(), removeEventListener: vi.fn() }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToasts.setState({ toasts: [] });
});

describe('share', () => {
  it('copies to the clipboard on desktops', async () => {
    pointer(false);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await shareResult('🌋 Lavalist');
    expect(writeText).toHaveBeenCalledWith('🌋 Lavalist');
    expect(titles()).toEqual(['Results copied to clipboard!']);
  });

  it("says so in the interface's language", async () => {
    pointer(false);
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await activateLocale('de');
    try {
      await shareResult('🌋 Lavalist');
      expect(titles()).toEqual(['Ergebnis in die Zwischenablage kopiert!']);
    } finally {
      await activateLocale('en');
    }
  });

  it('uses the Web Share API on touch devices that offer it', async () => {
    pointer(true);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { share, canShare: () => true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await shareResult('text');
    expect(share).toHaveBeenCalledWith({ text: 'text' });
    expect(writeText).not.toHaveBeenCalled();
    expect(titles()).toEqual([]);
  });

  it('shows the text itself when copying fails', async () => {
    pointer(false);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await shareResult('Score: 10');
    expect(useToasts.getState().toasts[0]).toMatchObject({ status: 'error', description: 'Score: 10' });
  });
});
