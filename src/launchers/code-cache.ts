/**
 * Starts a built CommonJS program through V8's code cache. Node 20 keeps no compiled code between
 * runs (Node 22.1 added `module.enableCompileCache()`), so every start of the dock compiled its
 * 2 MB again, about a fifth of its cold start. The first run compiles as usual and, once the
 * program has started (or at exit, if sooner), saves what V8 compiled by then (the functions the
 * start-up ran, not only the top level) beside the program as `<program>.v8-cache`. Later runs hand
 * it to V8, which checks that it was made from the same source by the same V8 with the same flags;
 * a cache that does not match (a new build, a new Node, a damaged file) is rejected by V8, the
 * program compiles as usual and the cache is written again.
 *
 * Only the program's own file goes through the cache; the chunks it loads later (undici, re2js)
 * load as usual. The program is loaded by Node's `require`, so it is in `require.cache` and those
 * chunks, which require it back for shared helpers, get this same instance.
 */
import Module, { createRequire } from 'node:module';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isAscii } from 'node:buffer';
import vm from 'node:vm';

export type CodeCacheUse = 'used' | 'missing' | 'rejected';
export type CodeCacheSave = 'saved' | 'not-needed' | 'failed';

export interface CodeCacheOptions {
  /** Default: `<program>.v8-cache`. */
  cacheFile?: string;
  /** How long after the program's first tick the cache is saved: long enough for its start to have run. */
  saveAfterMs?: number;
  /** Told why the cache could not be saved (the program runs on; the next start compiles again). */
  onSaveError?: (error: unknown, cacheFile: string) => void;
}

export interface CodeCacheResult {
  /** The program's `module.exports`. */
  exports: unknown;
  use: CodeCacheUse;
  /** Settles once the cache is saved (or does not need to be, or could not be). */
  saved: Promise<CodeCacheSave>;
}

interface LoadingModule {
  exports: unknown;
}
type ExtensionLoader = (module: LoadingModule, filename: string) => void;

// Node's CommonJS loader reads and compiles a file through the loader registered for its
// extension (`require.extensions`; Node 20 has none of its own for `.cjs`, so `.js`'s is used).
// One registered for `.cjs` while the program loads reads it and hands V8 its code cache.
const extensionLoaders = (Module as unknown as { _extensions: Record<string, ExtensionLoader | undefined> })._extensions;

export function requireWithCodeCache(programFile: string, options: CodeCacheOptions = {}): CodeCacheResult {
  if (!programFile.endsWith('.cjs')) throw new Error(`${programFile}: the code cache loads a built .cjs program`);
  const cacheFile = options.cacheFile ?? `${programFile}.v8-cache`;
  const cachedData = readCache(cacheFile);
  let script: vm.Script | undefined;
  const jsLoader = extensionLoaders['.js']!;
  const cjsLoader = extensionLoaders['.cjs'];
  extensionLoaders['.cjs'] = (module, filename) => {
    if (filename !== programFile) return (cjsLoader ?? jsLoader)(module, filename);
    script = new vm.Script(Module.wrap(readSource(filename)), { filename, cachedData });
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, dirname(filename));
  };
  let exports: unknown;
  try {
    exports = createRequire(programFile)(programFile);
  } finally {
    if (cjsLoader) extensionLoaders['.cjs'] = cjsLoader;
    else delete extensionLoaders['.cjs'];
  }
  if (!script) throw new Error(`${programFile} was loaded before: its code cache cannot be used`);
  const use: CodeCacheUse = !cachedData ? 'missing' : script.cachedDataRejected ? 'rejected' : 'used';
  const saved = use === 'used' ? Promise.resolve<CodeCacheSave>('not-needed') : saveLater(script, cacheFile, options);
  return { exports, use, saved };
}

/**
 * The program's source. The build writes ASCII only, which is read as Latin-1: the same text, in
 * about half the time Node's UTF-8 read takes for 2 MB. Anything else is decoded as UTF-8.
 */
function readSource(filename: string): string {
  const bytes = readFileSync(filename);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** The cache's bytes, or undefined when there is none (any read failure: the program compiles as usual). */
function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function saveLater(script: vm.Script, cacheFile: string, options: CodeCacheOptions): Promise<CodeCacheSave> {
  return new Promise((resolve) => {
    const save = () => {
      clearTimeout(timer);
      process.off('exit', save);
      // Written whole under another name, then renamed: a program starting at the same moment
      // reads the old cache or the new one, never half of one.
      const partial = `${cacheFile}.${process.pid}.partial`;
      try {
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
        resolve('saved');
      } catch (error) {
        try {
          rmSync(partial, { force: true });
        } catch {
          // Nothing more to do: a stray partial file is overwritten by this process id's next save.
        }
        options.onSaveError?.(error, cacheFile);
        resolve('failed');
      }
    };
    const timer = setTimeout(save, options.saveAfterMs ?? 2_000);
    timer.unref();
    process.once('exit', save);
  });
}

/** A launcher's whole job: start the program, and say on stderr (stdout is the program's) when the cache cannot be saved. */
export function launch(programFile: string): void {
  requireWithCodeCache(programFile, {
    onSaveError: (error, cacheFile) =>
      process.stderr.write(`sidestage: the start-up code cache could not be saved to ${cacheFile} (${error instanceof Error ? error.message : String(error)}); the next start compiles again\n`),
  });
}
