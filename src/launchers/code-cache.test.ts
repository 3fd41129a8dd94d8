import Module, { createRequire } from 'node:module';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requireWithCodeCache } from './code-cache';

const require = createRequire(import.meta.url);
let dir: string;
let program: string;

// A program as the build makes them: CommonJS, with a chunk it requires later that requires it back.
const programSource = `
globalThis.codeCacheTestStarts = (globalThis.codeCacheTestStarts ?? 0) + 1;
function greet(name) { return 'hello ' + name; }
exports.greet = greet;
exports.greet('start-up');
exports.loadChunk = () => require('./chunk.cjs');
`;
const chunkSource = `const program = require('./program.cjs'); exports.fromProgram = program.greet('chunk');`;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sidestage-code-cache-'));
  program = join(dir, 'program.cjs');
  await writeFile(program, programSource);
  await writeFile(join(dir, 'chunk.cjs'), chunkSource);
  (globalThis as { codeCacheTestStarts?: number }).codeCacheTestStarts = 0;
});

afterEach(async () => {
  // A second load in one test must run the program again, as a new process would.
  for (const file of [program, join(dir, 'chunk.cjs')]) delete require.cache[file];
  await rm(dir, { recursive: true, force: true });
});

function forget(): void {
  for (const file of [program, join(dir, 'chunk.cjs')]) delete require.cache[file];
}

const starts = () => (globalThis as { codeCacheTestStarts?: number }).codeCacheTestStarts;

describe('requireWithCodeCache', () => {
  it('runs the program and, the first time, saves what V8 compiled beside it', async () => {
    const first = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect(first.use).toBe('missing');
    expect((first.exports as { greet: (n: string) => string }).greet('x')).toBe('hello x');
    expect(starts()).toBe(1);
    await expect(first.saved).resolves.toBe('saved');
    expect((await stat(`${program}.v8-cache`)).size).toBeGreaterThan(0);
  });

  it('hands the saved cache to V8 on the next start, which uses it and saves nothing new', async () => {
    await requireWithCodeCache(program, { saveAfterMs: 0 }).saved;
    const cache = await readFile(`${program}.v8-cache`);
    forget();
    const second = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect(second.use).toBe('used');
    await expect(second.saved).resolves.toBe('not-needed');
    expect(starts()).toBe(2);
    expect(await readFile(`${program}.v8-cache`)).toEqual(cache);
  });

  it('gives the chunks that require the program back the same instance, not a second start', async () => {
    const { exports, saved } = requireWithCodeCache(program, { saveAfterMs: 0 });
    await saved;
    const chunk = (exports as { loadChunk: () => { fromProgram: string } }).loadChunk();
    expect(chunk.fromProgram).toBe('hello chunk');
    expect(starts()).toBe(1);
  });

  it('starts as usual from a damaged cache, which V8 rejects, and writes a good one', async () => {
    await writeFile(`${program}.v8-cache`, Buffer.from('not a code cache, a torn or foreign file'));
    const result = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect(result.use).toBe('rejected');
    expect(starts()).toBe(1);
    await expect(result.saved).resolves.toBe('saved');
    forget();
    const again = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect(again.use).toBe('used');
    await again.saved;
  });

  it('rejects the cache of an older build of the program', async () => {
    await requireWithCodeCache(program, { saveAfterMs: 0 }).saved;
    forget();
    await writeFile(program, `${programSource}\nexports.newer = true;\n`);
    const result = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect(result.use).toBe('rejected');
    expect((result.exports as { newer?: boolean }).newer).toBe(true);
    await result.saved;
  });

  it('runs on when the cache cannot be saved, and says why', async () => {
    const problems: string[] = [];
    const cacheFile = join(dir, 'no-such-folder', 'program.v8-cache');
    const result = requireWithCodeCache(program, { cacheFile, saveAfterMs: 0, onSaveError: (error, file) => problems.push(`${file}: ${String(error)}`) });
    expect(starts()).toBe(1);
    await expect(result.saved).resolves.toBe('failed');
    expect(problems).toEqual([expect.stringContaining(`${cacheFile}: Error: ENOENT`)]);
  });

  it("puts back Node's own loading of .cjs files once the program is loaded, also when it throws", async () => {
    const extensions = (Module as unknown as { _extensions: Record<string, unknown> })._extensions;
    const before = Object.keys(extensions);
    const { saved } = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect(Object.keys(extensions)).toEqual(before);
    await saved;
    forget();
    await writeFile(program, "throw new Error('the program failed to start')");
    expect(() => requireWithCodeCache(program, { saveAfterMs: 0 })).toThrow('the program failed to start');
    expect(Object.keys(extensions)).toEqual(before);
  });

  it('reads a program that is not ASCII as UTF-8', async () => {
    await writeFile(program, "exports.words = 'Fulfil · café';");
    const { exports, saved } = requireWithCodeCache(program, { saveAfterMs: 0 });
    expect((exports as { words: string }).words).toBe('Fulfil · café');
    // Saved before the folder is removed (afterEach).
    await saved;
  });
});
