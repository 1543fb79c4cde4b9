import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n.ts';
import { formCore, validateGame } from '../../core/forms.ts';
import { fieldErrorText } from './fieldErrors.ts';

const items = (names: string[], alts: string[][] = []) => names.map((name, i) => ({ name, altSpellings: alts[i] ?? [], rejectedSpellings: [] }));
const TEN = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Ceres'];

describe('fieldErrorText', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it("keeps the core's English text in English", () => {
    const errors = validateGame(formCore, { prompt: '', items: items(TEN) });
    expect(errors.map(fieldErrorText)).toEqual(errors.map((e) => e.message));
  });

  it('says each code in the active locale, with the limit or spelling the core names', async () => {
    await activateLocale('de');
    const names = [...TEN.slice(0, 9), 'Venus'];
    const errors = validateGame(formCore, { prompt: 'x'.repeat(500), items: items(names, [['Earth']]) });
    const byField = new Map(errors.map((e) => [e.field, fieldErrorText(e)]));
    expect(byField.get('prompt')).toMatch(/^Höchstens \d+ Zeichen\.$/);
    expect(byField.get('items.9.name')).toBe('Dieser Begriff steht schon auf der Liste.');
    expect(byField.get('items.0.altSpellings')).toBe('„Earth“ ist der Name eines anderen Begriffs.');
    expect(fieldErrorText({ field: 'items.2.name', code: 'profanity', message: 'Please remove any bad words.' })).toBe('Bitte entferne Schimpfwörter.');
  });
});
