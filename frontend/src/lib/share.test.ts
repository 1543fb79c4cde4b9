// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareResult, shareTemplates, shareWords } from './share.ts';
import { useToasts } from '../stores/toasts.ts';
import { activateLocale, loadMoreMessages } from './i18n.ts';
import { loadScriptsCoreSync } from '../test/nodeCore.ts';

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

describe('share text words', () => {
  // Cyrillic answers: the play module of every script.
  const core = loadScriptsCoreSync();
  const items = ['Москва', 'Казань', 'Самара', 'Уфа', 'Омск', 'Пермь', 'Тула', 'Курск', 'Тверь', 'Сочи'].map((name, i) => ({ id: i + 1, name, altSpellings: [] }));
  const play = (type: 'daily' | 'community') => {
    const game = new core.Game({ prompt: 'Города', type, date: type === 'daily' ? '2026-12-07' : null, edition: type === 'daily' ? 'ru' : undefined, items });
    for (const item of items) game.guess(item.name);
    return game;
  };
  const rates = [new Uint32Array([1, 2]), new Float64Array([0.5, 0.04])] as const;

  it("leaves English to the core, and the English catalogue says the spec's lines byte for byte", async () => {
    await loadMoreMessages();
    expect(shareWords()).toBeUndefined();
    const game = play('daily');
    const spec = game.share('https://x.example/', ...rates, undefined);
    expect(spec).toBe('🌋 Lavalist https://x.example/\nDay 882 (ru) - Города\n🟡🟡🟡🟡🟡🟡🟡🟡🟡🟡\nScore: 1000\nYou survived!\n💎 Rarest find: 4% of players');
    expect(game.share('https://x.example/', ...rates, shareTemplates())).toBe(spec);
    const community = play('community');
    expect(community.share(undefined, ...rates, shareTemplates())).toBe(community.share(undefined, ...rates, undefined));
    game.free();
    community.free();
  });

  it("words every line in the interface's language: a chat of Russian speakers reads Russian", async () => {
    await activateLocale('ru');
    try {
      await loadMoreMessages();
      const game = play('daily');
      expect(game.share(undefined, ...rates, shareWords())).toBe(
        '🌋 Lavalist\nДень 882 (ru) - Города\n🟡🟡🟡🟡🟡🟡🟡🟡🟡🟡\nОчки: 1000\nВы выжили!\n💎 Самая редкая находка: 4% игроков',
      );
      const community = play('community');
      expect(community.share(undefined, new Uint32Array(), new Float64Array(), shareWords()).split('\n')[1]).toBe('Игра сообщества - Города');
      game.free();
      community.free();
    } finally {
      await activateLocale('en');
    }
  });
});
