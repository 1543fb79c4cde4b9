// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBool, readJson, readString, userKey, writeRaw } from './storage.ts';
import { readSettings } from '../stores/settings.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('storage', () => {
  it('reads corrupt JSON as missing', () => {
    writeRaw('x', '{not json');
    expect(readJson('x')).toBeUndefined();
    expect(readBool('x', true)).toBe(true);
  });

  it('reads strings saved bare or as JSON', () => {
    writeRaw('a', 'abc');
    writeRaw('b', '"abc"');
    expect(readString('a')).toBe('abc');
    expect(readString('b')).toBe('abc');
    expect(readString('missing')).toBeNull();
  });

  it('generates the userKey once and keeps it', () => {
    const first = userKey();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(userKey()).toBe(first);
    expect(localStorage.getItem('userKey')).toBe(first);
  });

  it('survives a storage that throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readJson('x')).toBeUndefined();
    expect(() => {
      writeRaw('x', '1');
    }).not.toThrow();
    expect(readSettings().colorMode).toBe('dark');
  });
});

describe('settings', () => {
  it('defaults to dark and off', () => {
    expect(readSettings()).toEqual({
      disableAnimations: false,
      dontShowFullUrl: false,
      highContrast: false,
      colorMode: 'dark',
      howToPlayModalShown: false,
      promoToastShown: false,
      accordionIndex: 0,
    });
  });

  it('reads the spec keys and ignores garbage', () => {
    writeRaw('disableAnimations', 'true');
    writeRaw('dontShowFullUrl', '"yes"');
    writeRaw('colorMode', 'light');
    writeRaw('accordionIndex', '-3');
    writeRaw('howToPlayModalShown', 'true');
    const s = readSettings();
    expect(s.disableAnimations).toBe(true);
    expect(s.dontShowFullUrl).toBe(false);
    expect(s.colorMode).toBe('light');
    expect(s.accordionIndex).toBe(0);
    expect(s.howToPlayModalShown).toBe(true);
    writeRaw('colorMode', 'purple');
    expect(readSettings().colorMode).toBe('dark');
  });
});
