// Types for the rule's tests (src/test/noUntranslatedText.test.ts).
import type { Rule } from 'eslint';

export declare const noUntranslatedText: Rule.RuleModule;
declare const plugin: { rules: { 'no-untranslated-text': Rule.RuleModule } };
export default plugin;
