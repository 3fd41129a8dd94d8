import { describe, expect, it } from 'vitest';
import { requestPath } from './request-path';

describe('requestPath', () => {
  it('reads the path the router serves, decoded once and normalised', () => {
    const cases: [string, string][] = [
      ['/helix/users?id=1', '/helix/users'],
      ['/helix/users#x', '/helix/users'],
      ['/%5Femulator/state', '/_emulator/state'],
      ['/%255Femulator', '/%5Femulator'],
      ['http://evil.example/_emulator/state?x', '/_emulator/state'],
      ['HTTP://evil.example:80', '/'],
      ['//_emulator//state', '/_emulator/state'],
      ['/./_emulator/./state', '/_emulator/state'],
      ['/x/../_emulator/state', '/_emulator/state'],
      ['/../../_emulator', '/_emulator'],
      ['/x/%2E%2E/_emulator', '/_emulator'],
      ['/\\_emulator\\state', '/_emulator/state'],
      ['/helix/users/', '/helix/users/'],
      ['/', '/'],
      ['', '/'],
      // A broken escape is kept; the valid ones around it are decoded.
      ['/%zz/%5Femulator/%E2%82', '/%zz/_emulator/%E2%82'],
    ];
    for (const [url, path] of cases) expect(requestPath(url), url).toBe(path);
  });
});
