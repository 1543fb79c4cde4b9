// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { activateLocale, activeLocale, loadMoreMessages, t, useT } from './i18n.ts';
import { formatElements } from '../components/Trans.tsx';

function Label() {
  const translate = useT();
  return <button type="button">{translate('game.guess.button')}</button>;
}

describe('i18n', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('is English by default, with the English catalogue already loaded', () => {
    expect(activeLocale()).toBe('en');
    expect(t('game.guess.wrong', { guess: 'Paris' })).toBe('Paris is not on the list.');
  });

  it('formats plurals by each language’s rules', async () => {
    expect(t('game.hint.letters', { count: 1 })).toBe('1 letter');
    expect(t('game.hint.letters', { count: 5 })).toBe('5 letters');
    await activateLocale('ru');
    expect(t('game.hint.letters', { count: 1 })).toBe('1 буква');
    expect(t('game.hint.letters', { count: 3 })).toBe('3 буквы');
    expect(t('game.hint.letters', { count: 5 })).toBe('5 букв');
    expect(t('game.hint.letters', { count: 21 })).toBe('21 буква');
    await activateLocale('ar');
    expect(t('game.hint.letters', { count: 2 })).toBe('حرفان');
    expect(t('game.hint.letters', { count: 3 })).toContain('أحرف');
    expect(t('game.hint.letters', { count: 11 })).toContain('حرفًا');
  });

  it('switches the document language and direction, and re-renders what is on screen', async () => {
    render(<Label />);
    expect(screen.getByRole('button').textContent).toBe('Guess');
    await act(() => activateLocale('ar'));
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button').textContent).toBe('خمّن');
    await act(() => activateLocale('de'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByRole('button').textContent).toBe('Raten');
  });

  it('loads the other screens’ messages on demand, for the active locale', async () => {
    await activateLocale('fr');
    await loadMoreMessages();
    expect(t('settings.language')).toBe('Langue');
  });

  it('puts components into a message’s numbered tags', () => {
    const nodes = formatElements('<0>Day </0>{day}'.replace('{day}', '7'), { 0: <span className="x" /> });
    expect(nodes).toHaveLength(2);
    expect(nodes[1]).toBe('7');
  });
});
