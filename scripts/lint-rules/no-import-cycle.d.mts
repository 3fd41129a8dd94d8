// Types of no-import-cycle.mjs, for the TypeScript that imports it (the emulator's layer test).
import type { Rule } from 'eslint';

export declare const noImportCycle: Rule.RuleModule;
