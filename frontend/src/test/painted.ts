/**
 * What the server paints into `/` in each language (server/src/web/spa/home.rs): its spa tests
 * check the markup into ./paintedHome.json (`./dev gen-painted` rewrites it), and the front end's
 * tests compare it with the components and play on it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Painted {
  /** The page's `<html>` start tag. */
  html: string;
  /** `things in a __ kitchen`. */
  prompt: string;
  /** Ann <3 on day 204 (no profile link yet). */
  submitter: string;
  /** Zoë & co/x on day 870, linked to the profile. */
  submitterLinked: string;
  guessBox: string;
  resultLine: string;
  counters: string;
}

export const painted = JSON.parse(readFileSync(resolve(import.meta.dirname, 'paintedHome.json'), 'utf8')) as Record<string, Painted | undefined>;

/** The markup painted in `locale`. */
export function paintedIn(locale: string): Painted {
  const found = painted[locale];
  if (!found) throw new Error(`src/test/paintedHome.json has no ${locale}: run ./dev gen-painted`);
  return found;
}
