/** The dependency-licence check that CI runs (`scripts/check-licences.mjs`): its reading of licences. */
import { describe, expect, it } from 'vitest';
import { installedPackages, licenceAllowed, licenceOf, licenceProblems } from '../../scripts/check-licences.mjs';

describe('the dependency-licence check', () => {
  it('allows permissive licences and expressions they satisfy', () => {
    for (const expression of ['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause', '(MIT OR CC0-1.0)', 'MIT AND ISC', '(MIT OR GPL-3.0-only)', 'Apache-2.0 WITH LLVM-exception', '(BSD-2-Clause AND (MIT OR GPL-2.0))']) {
      expect(licenceAllowed(expression), expression).toBe(true);
    }
  });

  it('refuses copyleft, proprietary, missing and unreadable licences', () => {
    for (const expression of ['GPL-3.0-only', 'AGPL-3.0', 'LGPL-2.1', 'MIT AND GPL-2.0', 'UNLICENSED', 'SEE LICENSE IN LICENSE.md', '', '(MIT', 'MIT OR', 'MIT WITH', null, undefined, 42]) {
      expect(licenceAllowed(expression), String(expression)).toBe(false);
    }
  });

  it('reads the licence of a package.json in each of its forms', () => {
    expect(licenceOf({ license: 'MIT' })).toBe('MIT');
    expect(licenceOf({ license: { type: 'ISC' } })).toBe('ISC');
    expect(licenceOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(licenceOf({})).toBeNull();
  });

  it('names each package whose licence does not fit, once, skipping optional peers not installed', () => {
    const tree = {
      dependencies: {
        fine: { version: '1.0.0', path: '/n/fine', dependencies: { copyleft: { version: '2.0.0', path: '/n/copyleft' } } },
        other: { version: '1.0.0', path: '/n/other', dependencies: { copyleft: { version: '2.0.0', path: '/n/copyleft' }, bufferutil: {} } },
        silent: { version: '0.1.0', path: '/n/silent' },
      },
    };
    const manifests: Record<string, Record<string, unknown>> = { '/n/fine': { license: 'MIT' }, '/n/other': { license: 'ISC' }, '/n/copyleft': { license: 'GPL-3.0-only' }, '/n/silent': {} };
    const packages = installedPackages(tree);
    expect(packages.map((p) => p.name)).toEqual(['fine', 'copyleft', 'other', 'silent']);
    expect(licenceProblems(packages, (dir) => manifests[dir]!)).toEqual([
      'copyleft@2.0.0: licence "GPL-3.0-only" is not one an MIT program may ship',
      'silent@0.1.0: licence not stated is not one an MIT program may ship',
    ]);
  });
});
