/**
 * Every message of every locale read back as the app shows it: compiled by Lingui's own plugin
 * (the `?lingui` import the app uses) and rendered by a Lingui instance with sample values for its
 * arguments (each plural with 0, 1, 2, 5 and 21; each select with every option). A message must
 * render, leave no raw `{`/`}` or argument name behind, and, in a language other than English,
 * not be the English text unless `SAME_AS_ENGLISH` says why (a name, a loanword the language
 * writes the same way).
 */
import { setupI18n, type Messages } from '@lingui/core';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../lib/locale.ts';

const compiled = import.meta.glob<{ messages: Messages }>('./*/*.json', { query: '?lingui', eager: true });
const sources = import.meta.glob<Record<string, string>>('./*/*.json', { import: 'default', eager: true });

const PLURAL_SAMPLES = [0, 1, 2, 5, 21];

/** Messages that are rightly the same as English in some languages, and why. */
const SAME_AS_ENGLISH: Record<string, { locales: string[]; why: string }> = {
  'b.channel.webhook': { locales: ['es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ar', 'he'], why: 'the technical term the services themselves show in these languages' },
  'b.channel.url': { locales: ['ja', 'zh-CN'], why: 'the technical term, as the services show it, and URL' },
  'a.end.top': { locales: ['es', 'fr', 'de'], why: '"Top 10 %" is how these languages write a ranking in games' },
  'b.explore.sort.top': { locales: ['de'], why: 'German uses the loanword Top for a ranking' },
  'b.reports.error': { locales: ['es'], why: 'the Spanish word is spelled the same' },
  'game.counter.score': { locales: ['fr'], why: 'French says score' },
  'b.groups.col.score': { locales: ['fr'], why: 'French says score' },
  'b.challenge.score': { locales: ['fr'], why: 'French says score' },
  'a.chart.scores': { locales: ['fr'], why: 'French says scores' },
  'header.options': { locales: ['fr'], why: 'the French word is spelled the same' },
  'a.field.email': { locales: ['fr', 'pt-BR'], why: 'E-mail is the French and Brazilian word' },
  'b.reminder.email': { locales: ['fr', 'pt-BR'], why: 'E-mail is the French and Brazilian word' },
  'a.end.stats': { locales: ['fr'], why: 'the French abbreviation is the same' },
  'a.sidebar.menu': { locales: ['fr', 'pt-BR'], why: 'the French and Portuguese word is spelled the same' },
  'a.privacy.contact': { locales: ['fr'], why: 'the French word is spelled the same' },
  'b.category.sport': { locales: ['fr', 'de'], why: 'the French and German word is spelled the same' },
  'b.category.nature': { locales: ['fr'], why: 'the French word is spelled the same' },
  'b.insights.col.date': { locales: ['fr'], why: 'the French word is spelled the same' },
  'c.pagination.label': { locales: ['fr'], why: 'the French word is spelled the same' },
  'c.pagination.page': { locales: ['fr'], why: 'the French word is spelled the same' },
  'section.community': { locales: ['de'], why: 'the glossary: German says Community' },
  'b.explore.tab.community': { locales: ['de'], why: 'the glossary: German says Community' },
  'settings.mode.system': { locales: ['de'], why: 'the German word is spelled the same' },
  'b.report.details': { locales: ['de'], why: 'the German words are spelled the same' },
  'b.category.filmTv': { locales: ['de'], why: 'German says Film & TV' },
  'b.form.edit.name': { locales: ['de'], why: 'the German word is spelled the same' },
  'b.form.item': { locales: ['pt-BR'], why: 'the Portuguese word is spelled the same' },
};

function merged<T>(globbed: Record<string, T>, locale: string, pick: (m: T) => Record<string, unknown>) {
  return { ...pick(globbed[`./${locale}/core.json`] as T), ...pick(globbed[`./${locale}/more.json`] as T) };
}

interface Shape {
  plain: Set<string>;
  /** Arguments put in as they are (not formatted as a number, date or time). */
  strings: Set<string>;
  plurals: Set<string>;
  selects: Map<string, string[]>;
}

function shapeOf(elements: MessageFormatElement[], shape: Shape = { plain: new Set(), strings: new Set(), plurals: new Set(), selects: new Map() }): Shape {
  for (const el of elements) {
    if (el.type === TYPE.argument) shape.strings.add(el.value);
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) shape.plain.add(el.value);
    if (el.type === TYPE.plural) shape.plurals.add(el.value);
    if (el.type === TYPE.select) shape.selects.set(el.value, Object.keys(el.options));
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) shapeOf(option.value, shape);
    if (el.type === TYPE.tag) shapeOf(el.children, shape);
  }
  return shape;
}

/** Sample values for every argument: each plural number, each select option in turn. */
function samples(shape: Shape): Record<string, unknown>[] {
  const numbers = [...shape.plain].filter((a) => !shape.plurals.has(a));
  const base = Object.fromEntries(numbers.map((a) => [a, shape.strings.has(a) ? sampleText(a) : 7]));
  const runs: Record<string, unknown>[] = [];
  for (const n of shape.plurals.size > 0 ? PLURAL_SAMPLES : [5]) {
    const values: Record<string, unknown> = { ...base, ...Object.fromEntries([...shape.plurals].map((a) => [a, n])) };
    const selects = [...shape.selects];
    if (selects.length === 0) runs.push(values);
    for (const [arg, options] of selects) for (const option of options) runs.push({ ...values, ...Object.fromEntries(selects.map(([a, o]) => [a, o[0]])), [arg]: option });
  }
  return runs;
}

/** A plain argument's sample: text that must show in the result, so a dropped argument is seen. */
const sampleText = (arg: string) => `‹${arg}›`;

/** The text a reader sees: `<0>…</0>` tags are the places of elements (components/Trans.tsx). */
const withoutTags = (text: string) => text.replace(/<\/?\d+\/?>/g, '');

const english = merged(sources, 'en', (m) => m);

describe('every message renders in every locale', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: renders with sample values, nothing raw left`, () => {
      const messages = merged(compiled, locale, (m) => m.messages) as Messages;
      const source = merged(sources, locale, (m) => m) as Record<string, string>;
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      const problems: string[] = [];
      for (const [id, message] of Object.entries(source)) {
        const shape = shapeOf(parse(message, { ignoreTag: true }));
        for (const values of samples(shape)) {
          let text: string;
          try {
            text = withoutTags(i18n._(id, values));
          } catch (error) {
            problems.push(`${id}: ${String(error)}`);
            continue;
          }
          if (text === id) problems.push(`${id}: not compiled`);
          if (/[{}]/.test(text)) problems.push(`${id} ${JSON.stringify(values)}: raw brace in "${text}"`);
          const dropped = [...shape.strings].filter((arg) => !shape.plurals.has(arg) && !shape.selects.has(arg) && !text.includes(sampleText(arg)));
          if (dropped.length > 0) problems.push(`${id}: ${dropped.join(', ')} not shown in "${text}"`);
          if (text.trim() === '') problems.push(`${id} ${JSON.stringify(values)}: renders empty`);
        }
      }
      expect(problems).toEqual([]);
    });

    if (locale === 'en') continue;
    it(`${locale}: no message left in English unless allowed`, () => {
      const source = merged(sources, locale, (m) => m) as Record<string, string>;
      const same = Object.entries(source)
        .filter(([id, message]) => message === english[id] && /\p{L}{2}/u.test(message.replace(/\{[^}]*\}|<\/?\d+\/?>/g, '')))
        .filter(([id]) => !SAME_AS_ENGLISH[id]?.locales.includes(locale))
        .map(([id, message]) => `${id}: ${message}`);
      expect(same).toEqual([]);
    });
  }

  it('every allowance names a reason and a message that exists', () => {
    for (const [id, { locales, why }] of Object.entries(SAME_AS_ENGLISH)) {
      expect(english[id], id).toBeDefined();
      expect(why.length, id).toBeGreaterThan(10);
      expect(locales.length, id).toBeGreaterThan(0);
    }
  });
});
