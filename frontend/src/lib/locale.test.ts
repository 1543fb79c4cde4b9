import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale, isLocale, matchLocale, rememberLocale, storedLocale } from './locale.ts';

describe('locale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('matches exact tags first, then the same language', () => {
    expect(matchLocale(['pt-BR'])).toBe('pt-BR');
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['es-MX', 'en'])).toBe('es');
    expect(matchLocale(['zh-TW'])).toBe('zh-CN');
    expect(matchLocale(['it', 'de-AT'])).toBe('de');
    expect(matchLocale(['it', 'nl'])).toBeUndefined();
    expect(matchLocale([])).toBeUndefined();
  });

  it('knows its locales', () => {
    expect(isLocale('ar')).toBe(true);
    expect(isLocale('pt')).toBe(false);
    expect(isLocale(3)).toBe(false);
  });

  it('prefers the stored choice to the browser, and the browser to English', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('navigator', { languages: ['ja-JP', 'en-US'], language: 'ja-JP' });
    expect(detectLocale()).toBe('ja');
    vi.stubGlobal('navigator', { languages: ['it-IT'], language: 'it-IT' });
    expect(detectLocale()).toBe('en');
    const doc = { cookie: '' };
    vi.stubGlobal('document', doc);
    rememberLocale('he');
    expect(storedLocale()).toBe('he');
    expect(detectLocale()).toBe('he');
    expect(doc.cookie).toContain('lavalist_locale=he');
  });
});
