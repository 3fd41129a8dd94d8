// Types of no-cycle-with-types.mjs, for the test that runs it (src/main/import-cycles.test.ts).
import type { Rule } from 'eslint';
declare const rule: Rule.RuleModule;
export default rule;
