// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useSettings } from './settings.ts';

afterEach(() => {
  localStorage.clear();
});

describe('settings store', () => {
  it('saves each setting under its own spec key', () => {
    const { set } = useSettings.getState();
    set('disableAnimations', true);
    set('dontShowFullUrl', true);
    set('colorMode', 'light');
    set('accordionIndex', 2);
    set('howToPlayModalShown', true);
    set('promoToastShown', true);
    const stored = Object.fromEntries(Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').map((k) => [k, localStorage.getItem(k)]));
    expect(stored).toEqual({
      disableAnimations: 'true',
      dontShowFullUrl: 'true',
      colorMode: 'light',
      accordionIndex: '2',
      howToPlayModalShown: 'true',
      promoToastShown: 'true',
    });
    expect(useSettings.getState()).toMatchObject({ disableAnimations: true, colorMode: 'light', accordionIndex: 2 });
  });
});
