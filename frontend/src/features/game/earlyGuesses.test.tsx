// @vitest-environment happy-dom
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Counters } from './components/Counters.tsx';
import { GuessForm } from './components/GuessForm.tsx';
import { Prompt } from './components/Prompt.tsx';
import { ResultLine } from './components/ResultLine.tsx';
import { SubmitterLine } from './components/SubmitterLine.tsx';
import { EARLY_COUNTERS_ID } from './island.ts';
import { readRules, readView } from '../../core/game.ts';
import { activateLocale } from '../../lib/i18n.ts';
import { SUPPORTED_LOCALES } from '../../lib/locale.ts';
import { gameDef } from '../../test/fixtures.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { painted, paintedIn } from '../../test/painted.ts';
import { EARLY_FORM_ID, holdEarlyBox, takeEarlyGuesses } from './earlyGuesses.ts';

const serverBox = () => paintedIn('en').guessBox;

interface Shape {
  tag: string;
  attributes: Record<string, string>;
  text: string | null;
}

/** Every element's tag, attributes (names lower-cased, as HTML reads them) and text, in order. */
function shape(html: string): Shape[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...doc.body.querySelectorAll('*')].map((el) => ({
    tag: el.tagName,
    attributes: Object.fromEntries([...el.attributes].map((a): [string, string] => [a.name.toLowerCase(), a.value]).sort()),
    text: el.textContent,
  }));
}

const core = loadCoreSync();

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  delete window.lavalistEarlyGuesses;
  takeEarlyGuesses();
});

describe("the server's guess box", () => {
  afterAll(async () => {
    await activateLocale('en');
  });

  it('has a painted page for every language of the app', () => {
    expect(Object.keys(painted).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  // In each language, the words the app's components render from the same catalogues.
  describe.each(SUPPORTED_LOCALES)('in %s', (locale) => {
    const server = paintedIn(locale);

    it('is the markup GuessForm renders, plus the id index.html knows it by', async () => {
      await activateLocale(locale);
      const box = shape(server.guessBox);
      const app = shape(renderToStaticMarkup(<GuessForm value="" disabled={false} onChange={() => undefined} onGuess={() => undefined} />));
      expect(box[0]?.attributes.id).toBe(EARLY_FORM_ID);
      delete box[0]?.attributes.id;
      expect(box).toEqual(app);
    });

    it('is followed by the markup ResultLine and Counters render, the counters hidden until played', async () => {
      await activateLocale(locale);
      expect(shape(server.resultLine)).toEqual(shape(renderToStaticMarkup(<ResultLine />)));
      const counters = shape(server.counters);
      const view = readView(new core.Game(gameDef()));
      const app = shape(renderToStaticMarkup(<Counters view={view} rules={readRules(core)} />));
      expect(counters[0]?.attributes.id).toBe(EARLY_COUNTERS_ID);
      expect(counters[0]?.attributes.class).toContain(' invisible');
      delete counters[0]?.attributes.id;
      if (counters[0]) counters[0].attributes.class = counters[0].attributes.class?.replace(' invisible', '') ?? '';
      expect(counters).toEqual(app);
    });

    it('comes after the prompt and the submitter line as the app writes them', async () => {
      await activateLocale(locale);
      const line = (submitter: string, dayNumber: number) =>
        shape(renderToStaticMarkup(<MemoryRouter><SubmitterLine meta={{ mode: 'today', key: '', prompt: '', submitter, dayNumber }} /></MemoryRouter>));
      expect(shape(server.submitter)).toEqual(line('Ann <3', 204));
      // react-router marks its links for route discovery; the link is the same otherwise.
      const linked = line('Zoë & co/x', 870).map((el) => ({ ...el, attributes: Object.fromEntries(Object.entries(el.attributes).filter(([name]) => name !== 'data-discover')) }));
      expect(shape(server.submitterLinked)).toEqual(linked);
      // The app's prompt carries a test id the server's does not (the E2E tests wait for the app's).
      const prompt = shape(renderToStaticMarkup(<Prompt text="things in a __ kitchen" />));
      delete prompt[0]?.attributes['data-testid'];
      expect(shape(server.prompt)).toEqual(prompt);
    });

    it("is in a page whose <html> has the app's lang and dir", async () => {
      await activateLocale(locale);
      const html = /<html ([^>]*)>/.exec(server.html)?.[1] ?? '';
      expect(/lang="([^"]*)"/.exec(html)?.[1]).toBe(document.documentElement.lang);
      // English keeps the file's <html>: no dir is left to right.
      expect(/dir="([^"]*)"/.exec(html)?.[1] ?? 'ltr').toBe(document.documentElement.dir);
    });
  });
});

describe("the server's guess box before the app", () => {
  it("keeps index.html's guesses and the box's text, each handed out once", () => {
    document.body.innerHTML = `<form id="${EARLY_FORM_ID}"><input id="guess" name="guess"></form>`;
    window.lavalistEarlyGuesses = ['Neptun', 'zzzz'];
    holdEarlyBox();
    const input = document.querySelector('input');
    if (!input) throw new Error('no input');
    input.value = 'Mar';
    // Read before the first render (app/start.tsx), the box still in the page.
    expect(takeEarlyGuesses()).toEqual({ guesses: ['Neptun', 'zzzz'], text: 'Mar' });
    expect(takeEarlyGuesses()).toEqual({ guesses: [], text: null });
    // Typed and guessed after that, before the app replaced the page: read at its first commit.
    input.value = 'Mars';
    window.lavalistEarlyGuesses.push('Venu');
    document.body.innerHTML = '';
    expect(takeEarlyGuesses()).toEqual({ guesses: ['Venu'], text: 'Mars' });
    input.value = 'ignored';
    expect(takeEarlyGuesses()).toEqual({ guesses: [], text: null });
  });
});

describe("the app's guess box on the server's page", () => {
  it("takes the server's form over: the same box, its text kept, driven like the app's own", () => {
    document.body.innerHTML = `<main>${serverBox()}</main>`;
    const serverInput = document.querySelector('input');
    if (!serverInput) throw new Error('no input');
    serverInput.value = 'Nep';
    holdEarlyBox();
    const onChange = vi.fn();
    const onGuess = vi.fn();
    // As GameScreen does: the text lives in the session, the box shows it.
    function Box({ disabled = false }: { disabled?: boolean }) {
      const [value, setValue] = useState('');
      return <GuessForm value={value} disabled={disabled} onChange={(text) => { onChange(text); setValue(text); }} onGuess={(text) => { onGuess(text); setValue(''); }} />;
    }
    const view = render(<Box />);
    const input = screen.getByLabelText<HTMLInputElement>('Your guess');
    expect(input).toBe(serverInput);
    expect(document.activeElement).toBe(input);
    expect(input.closest('form')?.id).toBe('');
    expect(onChange).toHaveBeenCalledWith('Nep');
    expect(input.value).toBe('Nep');

    fireEvent.input(input, { target: { value: 'Neptun' } });
    expect(onChange).toHaveBeenLastCalledWith('Neptun');
    fireEvent.compositionStart(input);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onGuess).not.toHaveBeenCalled();
    fireEvent.compositionEnd(input);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onGuess).toHaveBeenCalledWith('Neptun');
    expect(input.value).toBe('');

    view.rerender(<Box disabled />);
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Game over');
    view.unmount();
    // Only the first box takes it: the next one is the app's own.
    render(<GuessForm value="" disabled={false} onChange={onChange} onGuess={onGuess} />);
    expect(screen.getByLabelText('Your guess')).not.toBe(serverInput);
  });

  it("keeps the words of the server's form in the player's language, and follows a switch", async () => {
    await activateLocale('ar');
    document.body.innerHTML = `<main>${paintedIn('ar').guessBox}</main>`;
    const serverInput = document.querySelector('input');
    const words = () => [document.querySelector('label')?.textContent, document.querySelector('input')?.placeholder, document.querySelector('button')?.textContent];
    const arabic = words();
    holdEarlyBox();
    render(<GuessForm value="" disabled={false} onChange={() => undefined} onGuess={() => undefined} />);
    expect(screen.getByLabelText('تخمينك')).toBe(serverInput);
    expect(words()).toEqual(arabic);
    await act(() => activateLocale('de'));
    expect(words()).toEqual(['Deine Antwort', 'Antwort eingeben…', 'Raten']);
    await activateLocale('en');
  });
});
