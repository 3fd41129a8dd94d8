// Checks that every production dependency's licence is compatible with Sidestage's own (MIT):
// walks the tree `npm ls --omit=dev --all --long --json` answers, reads each installed package's
// package.json (`license`, or the old `licenses` list) and refuses any whose licence expression is
// not satisfied by the permissive licences below, naming the package and its licence.
// Run by .ci/run after `npm ci`; by hand: `node scripts/check-licences.mjs`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** SPDX ids whose terms an MIT-licensed program may ship: permissive, notice-only. */
export const allowedLicences = new Set(['MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'Apache-2.0', 'BlueOak-1.0.0', 'CC0-1.0', 'Unlicense', 'Python-2.0', 'Zlib']);

/**
 * True when the SPDX expression is satisfied by allowed licences: `A OR B` needs one of them,
 * `A AND B` both, `A WITH exception` what A needs; parentheses group. Anything it cannot read
 * (a missing licence, "SEE LICENSE IN ...", "UNLICENSED") is false.
 */
export function licenceAllowed(expression, allowed = allowedLicences) {
  if (typeof expression !== 'string') return false;
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const fail = () => {
    throw new Error('unreadable');
  };
  const primary = () => {
    const token = tokens[at++];
    if (token === undefined || token === ')' || /^(AND|OR|WITH)$/.test(token)) return fail();
    if (token === '(') {
      const inner = anyOf();
      if (tokens[at++] !== ')') return fail();
      return inner;
    }
    if (tokens[at] === 'WITH') {
      // An exception only adds permissions: what the licence itself needs decides.
      if (tokens[at + 1] === undefined) fail();
      at += 2;
    }
    return allowed.has(token.replace(/\+$/, ''));
  };
  const allOf = () => {
    let ok = primary();
    while (tokens[at] === 'AND') {
      at++;
      ok = primary() && ok;
    }
    return ok;
  };
  const anyOf = () => {
    let ok = allOf();
    while (tokens[at] === 'OR') {
      at++;
      ok = allOf() || ok;
    }
    return ok;
  };
  try {
    const ok = anyOf();
    return at === tokens.length && ok;
  } catch {
    return false;
  }
}

/** A package.json's licence as one SPDX expression (the old `licenses` list: any of them). */
export function licenceOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license && typeof manifest.license.type === 'string') return manifest.license.type;
  if (Array.isArray(manifest.licenses)) {
    const types = manifest.licenses.map((entry) => (typeof entry === 'string' ? entry : entry?.type)).filter((type) => typeof type === 'string');
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return null;
}

/** Every installed package of an `npm ls --long --json` tree once: name, version, folder. */
export function installedPackages(tree) {
  const found = new Map();
  const walk = (node) => {
    for (const [name, dependency] of Object.entries(node.dependencies ?? {})) {
      // An optional peer that is not installed is listed empty: nothing of it ships.
      if (!dependency.path || !dependency.version) continue;
      const key = `${name}@${dependency.version}`;
      if (found.has(key)) continue;
      found.set(key, { name, version: dependency.version, path: dependency.path });
      walk(dependency);
    }
  };
  walk(tree);
  return [...found.values()];
}

/** The packages whose licence is not allowed, each as a sentence. */
export function licenceProblems(packages, readManifest, allowed = allowedLicences) {
  const problems = [];
  for (const pkg of packages) {
    let licence;
    try {
      licence = licenceOf(readManifest(pkg.path));
    } catch (error) {
      problems.push(`${pkg.name}@${pkg.version}: its package.json could not be read (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    if (!licenceAllowed(licence, allowed)) problems.push(`${pkg.name}@${pkg.version}: licence ${licence === null ? 'not stated' : JSON.stringify(licence)} is not one an MIT program may ship`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let listing;
  try {
    listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--long', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // npm ls exits 1 on a problem of the tree (an invalid peer) but still prints it; no tree at all is a failure.
    listing = error.stdout;
    if (!listing) throw error;
  }
  const tree = JSON.parse(listing);
  const packages = installedPackages(tree);
  const problems = licenceProblems(packages, (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
  if (problems.length > 0) {
    console.error(`licences: ${problems.length} production ${problems.length === 1 ? 'dependency has a licence' : 'dependencies have licences'} Sidestage (MIT) cannot ship:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`licences: all ${packages.length} production dependencies have licences an MIT program may ship`);
}
