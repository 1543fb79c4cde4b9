import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLocale, isLocale, matchLocale, mirrorLocale, rememberLocale, storedLocale } from './locale.ts';

/** Browsers' language lists and the locale each gives; server/src/web/spa/language.rs checks the same table. */
const browserCases = JSON.parse(readFileSync(resolve(import.meta.dirname, '../test/browserLanguages.json'), 'utf8')) as [string[], string | null][];

/** A localStorage of its own for one test. */
function stubStorage(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  return store;
}

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

  it("picks for a browser's languages what the server picks for its Accept-Language", () => {
    expect(browserCases.length).toBeGreaterThan(10);
    for (const [languages, expected] of browserCases) {
      expect(matchLocale(languages) ?? null, languages.join(',')).toBe(expected);
    }
  });

  it('knows its locales', () => {
    expect(isLocale('ar')).toBe(true);
    expect(isLocale('pt')).toBe(false);
    expect(isLocale(3)).toBe(false);
  });

  it('prefers the stored choice to the browser, and the browser to English', () => {
    stubStorage();
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

  it('keeps the cookie in step with the choice at each start', () => {
    const store = stubStorage();
    const written: string[] = [];
    const doc = { cookie: '' };
    // As a browser's document.cookie: each write sets one cookie, a read lists them all.
    vi.stubGlobal('document', {
      get cookie() {
        return doc.cookie;
      },
      set cookie(value: string) {
        written.push(value);
        const [pair = ''] = value.split('; ');
        doc.cookie = value.includes('max-age=0') ? '' : pair;
      },
    });
    mirrorLocale();
    expect(written).toEqual([]);
    store.set('locale', 'ar');
    mirrorLocale();
    expect(doc.cookie).toBe('lavalist_locale=ar');
    expect(written.at(-1)).toContain('max-age=31536000');
    store.clear();
    mirrorLocale();
    expect(doc.cookie).toBe('');
    expect(written.at(-1)).toMatch(/^lavalist_locale=; max-age=0; path=\//);
  });
});
