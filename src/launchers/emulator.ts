/** `node out/programs/emulator.cjs`: the emulator (src/emulator/cli.ts), started through V8's code cache. */
import { join } from 'node:path';
import { launch } from './code-cache';

launch(join(import.meta.dirname, 'emulator.program.cjs'));
