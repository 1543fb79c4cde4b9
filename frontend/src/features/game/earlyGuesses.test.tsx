// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Counters } from './components/Counters.tsx';
import { GuessForm } from './components/GuessForm.tsx';
import { ResultLine } from './components/ResultLine.tsx';
import { EARLY_COUNTERS_ID } from './island.ts';
import { readRules, readView } from '../../core/game.ts';
import { gameDef } from '../../test/fixtures.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { EARLY_FORM_ID, holdEarlyBox, takeEarlyGuesses } from './earlyGuesses.ts';

/** One of the server's markup constants (server/src/spa/home.rs), read from its source. */
function serverMarkup(name: 'GUESS_BOX' | 'RESULT_LINE' | 'COUNTERS'): string {
  const source = readFileSync(resolve(import.meta.dirname, '../../../../server/src/spa/home.rs'), 'utf8');
  const body = new RegExp(`pub const ${name}: &str =\\s*(concat!\\(([\\s\\S]*?)\\)|r#"[\\s\\S]*?"#);`).exec(source)?.[1];
  if (!body) throw new Error(`no ${name} in home.rs`);
  return [...body.matchAll(/r#"([\s\S]*?)"#/g)].map((m) => m[1]).join('');
}

const serverBox = () => serverMarkup('GUESS_BOX');

interface Shape {
  tag: string;
  attributes: Record<string, string>;
  text: string | null;
}

/** Every element's tag and attributes (names lower-cased, as HTML reads them), in order. */
function shape(html: string): Shape[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return [...doc.body.querySelectorAll('*')].map((el) => ({
    tag: el.tagName,
    attributes: Object.fromEntries([...el.attributes].map((a): [string, string] => [a.name.toLowerCase(), a.value]).sort()),
    text: el.children.length ? '' : el.textContent,
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
  it('is the markup GuessForm renders, plus the id index.html knows it by', () => {
    const server = shape(serverBox());
    const app = shape(renderToStaticMarkup(<GuessForm value="" disabled={false} onChange={() => undefined} onGuess={() => undefined} />));
    expect(server[0]?.attributes.id).toBe(EARLY_FORM_ID);
    delete server[0]?.attributes.id;
    expect(server).toEqual(app);
  });

  it('is followed by the markup ResultLine and Counters render, the counters hidden until played', () => {
    expect(shape(serverMarkup('RESULT_LINE'))).toEqual(shape(renderToStaticMarkup(<ResultLine />)));
    const server = shape(serverMarkup('COUNTERS'));
    const view = readView(new core.Game(gameDef()));
    const app = shape(renderToStaticMarkup(<Counters view={view} rules={readRules(core)} />));
    expect(server[0]?.attributes.id).toBe(EARLY_COUNTERS_ID);
    expect(server[0]?.attributes.class).toContain(' invisible');
    delete server[0]?.attributes.id;
    if (server[0]) server[0].attributes.class = server[0].attributes.class?.replace(' invisible', '') ?? '';
    expect(server).toEqual(app);
  });

  it("keeps index.html's guesses and the box's text, each handed out once", () => {
    document.body.innerHTML = `<form id="${EARLY_FORM_ID}"><input id="guess" name="guess"></form>`;
    window.lavalistEarlyGuesses = ['Neptun', 'zzzz'];
    holdEarlyBox();
    const input = document.querySelector('input');
    if (!input) throw new Error('no input');
    input.value = 'Mar';
    // Read before the first render (main.tsx), the box still in the page.
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
});
