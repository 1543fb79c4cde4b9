// Types for the rule's tests (src/test/importBoundaries.test.ts).
import type { Rule } from 'eslint';

export declare const importBoundaries: Rule.RuleModule;
declare const plugin: { rules: { 'import-boundaries': Rule.RuleModule } };
export default plugin;
