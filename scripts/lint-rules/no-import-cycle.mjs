/**
 * An ESLint rule that forbids import cycles, type-only imports included: import-x's `no-cycle`
 * skips `import type` (a cycle of types still ties the layers together and makes a file that
 * looks like a leaf depend on everything above it). The graph is read with TypeScript's
 * pre-processor, which lists every module specifier of a file (imports, re-exports, `import type`,
 * dynamic and type-level `import()`) without parsing it; relative specifiers are followed, packages
 * are not. A file is read again only when its modification time has changed (looked at no more
 * than once a second), so an editor's long-running ESLint sees edits.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** A file's imports are trusted this long before its modification time is looked at again. */
const RECHECK_MS = 1000;

/** path -> { mtimeMs, checkedAt, imports } */
const graph = new Map();

function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`)), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importsOf(file) {
  const now = Date.now();
  const known = graph.get(file);
  if (known && now - known.checkedAt < RECHECK_MS) return known.imports;
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (known && known.mtimeMs === mtimeMs) {
    known.checkedAt = now;
    return known.imports;
  }
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map((entry) => resolveSpecifier(file, entry.fileName)).filter((path) => path !== null))];
  graph.set(file, { mtimeMs, checkedAt: now, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const chain = [file];
        for (let at = previous.get(file); at !== null; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{chain}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    const root = context.cwd;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(file, specifier);
      if (target === null || target === file) return;
      const chain = pathBack(target, file);
      if (chain === null) return;
      context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain, file].map((path) => relative(root, path)).join(' -> ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      // `import('./x').T` in a type; older parsers give the string as `argument`.
      TSImportType: (node) => {
        const literal = 'source' in node ? node.source : node.argument?.literal;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
    };
  },
};
