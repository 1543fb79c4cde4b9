// The lint rule that keeps every text a player reads in the catalogues (eslint/no-untranslated-text.js).
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { noUntranslatedText } from '../../eslint/no-untranslated-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-untranslated-text', noUntranslatedText, {
  valid: [
    "toast({ title: t('a.share.copied') });",
    "const CONTINUED = 'sync.continued';",
    "const button = 'btn min-w-10 justify-center px-2.5';",
    "throw new Error('no clipboard here');",
    "console.warn('could not read the outcome of your disputes', error);",
    "headers.set('authorization', `Bearer ${token}`);",
    "const file = 'lavalist-data.json';",
    "const el = <p className='text-sm'>{t('a.share.copied')}</p>;",
    "const el = <p>Lavalist</p>;",
  ].map((code) => ({ code, options: [{ allow: ['Lavalist'] }] })),
  invalid: [
    "toast({ title: 'Could not copy the results.' });",
    "toast({ title: `You disputed “${guess}”` });",
    "const CONTINUED = 'Continued from your other device';",
    'const message = (url: string) => `I scored on Lavalist. Can you beat me? ${url}`;',
    "const notice = { label: 'Challenge link' };",
    'const el = <p>Hello there</p>;',
    "const el = <input placeholder='Type a guess' />;",
    "const el = <p>{'Двойное слово'}</p>;",
  ].map((code) => ({ code, errors: [{ messageId: 'text' as const }] })),
});
