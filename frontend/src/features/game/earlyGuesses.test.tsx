// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { GuessForm } from './components/GuessForm.tsx';
import { EARLY_FORM_ID, holdEarlyBox, takeEarlyGuesses } from './earlyGuesses.ts';

/** The server's `GUESS_BOX` (server/src/spa/home.rs), read from its source. */
function serverBox(): string {
  const source = readFileSync(resolve(import.meta.dirname, '../../../../server/src/spa/home.rs'), 'utf8');
  const body = /pub const GUESS_BOX: &str = concat!\(([\s\S]*?)\);/.exec(source)?.[1];
  if (!body) throw new Error('no GUESS_BOX in home.rs');
  return [...body.matchAll(/r#"([\s\S]*?)"#/g)].map((m) => m[1]).join('');
}

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

afterEach(() => {
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
