/** `node out/programs/dock.cjs`: the dock (src/main/dock/cli.ts), started through V8's code cache. */
import { join } from 'node:path';
import { launch } from './code-cache';

launch(join(import.meta.dirname, 'dock.program.cjs'));
