/**
 * The catalogues (docs/i18n.md): every locale has exactly the English message ids, every message
 * is well-formed ICU MessageFormat (parsed with a real ICU parser), uses the same arguments as
 * the English one, and gives each plural every category the locale's plural rules have (Russian
 * one/few/many, Arabic zero/one/two/few/many…). Every English id is used somewhere in src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { SUPPORTED_LOCALES } from '../lib/locale.ts';

const DIR = resolve(import.meta.dirname);
const PARTS = ['core', 'more'] as const;
const read = (locale: string, part: string) => JSON.parse(readFileSync(join(DIR, locale, `${part}.json`), 'utf8')) as Record<string, string>;

/** Argument names, and the plural/select arguments with their option keys. */
function shape(elements: MessageFormatElement[], args = new Set<string>(), plurals: { name: string; options: string[] }[] = []) {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) args.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      args.add(el.value);
      if (el.type === TYPE.plural) plurals.push({ name: el.value, options: Object.keys(el.options) });
      for (const option of Object.values(el.options)) shape(option.value, args, plurals);
    }
    if (el.type === TYPE.tag) shape(el.children, args, plurals);
  }
  return { args, plurals };
}

const parsed = (message: string) => parse(message, { ignoreTag: true });

describe('catalogues', () => {
  it('has a folder for every supported locale and no other', () => {
    expect(readdirSync(DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  for (const locale of SUPPORTED_LOCALES) {
    for (const part of PARTS) {
      it(`${locale}/${part}: the English ids, well-formed, same arguments, every plural category`, () => {
        const english = read('en', part);
        const messages = read(locale, part);
        expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        for (const [id, message] of Object.entries(messages)) {
          expect(message.trim(), `${locale} ${id} is empty`).not.toBe('');
          const mine = shape(parsed(message));
          const theirs = shape(parsed(english[id] ?? ''));
          expect([...mine.args].sort(), `${locale} ${id} arguments`).toEqual([...theirs.args].sort());
          for (const plural of mine.plurals) {
            for (const category of categories) {
              expect(plural.options, `${locale} ${id}: plural ${plural.name} lacks "${category}"`).toContain(category);
            }
          }
        }
      });
    }
  }

  it('refuses a malformed message', () => {
    expect(() => parsed('{count, plural, one {# letter}')).toThrow();
  });

  it('uses every English id in the source, and each id lives in one catalogue', () => {
    const source: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== 'locales' && entry.name !== 'wasm') walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) source.push(readFileSync(path, 'utf8'));
      }
    };
    walk(resolve(DIR, '..'));
    const all = source.join('\n');
    const core = read('en', 'core');
    const more = read('en', 'more');
    const unused = [...Object.keys(core), ...Object.keys(more)].filter((id) => !all.includes(`'${id}'`) && !all.includes(`"${id}"`));
    expect(unused).toEqual([]);
    expect(Object.keys(core).filter((id) => id in more)).toEqual([]);
  });
});
