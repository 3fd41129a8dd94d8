import { describe, expect, it } from 'vitest';
import { customCssProblem, MAX_CUSTOM_CSS_BYTES } from './custom-css';

describe('custom CSS: kept when it only styles, refused with the reason when it loads or runs anything', () => {
  it('keeps plain styling, variables, animations and this overlay’s own files', () => {
    for (const css of [
      '.alert { color: #fff; text-shadow: 0 0 4px black; }',
      ':root { --accent: hotpink } .alert-text { color: var(--accent) }',
      '@keyframes wobble { from { transform: rotate(-2deg) } to { transform: rotate(2deg) } } .alert { animation: wobble 1s infinite }',
      '@media (prefers-reduced-motion: reduce) { .alert { animation: none } }',
      '.alert { background: url(/media/0123456789abcdef0123456789abcdef) no-repeat }',
      '@font-face { font-family: Mine; src: url(/fonts/inter.woff2) }',
    ]) {
      expect(customCssProblem(css), css).toBeNull();
    }
  });

  const hostile: [string, RegExp][] = [
    ['@import url(https://evil.example/x.css);', /cannot @import/],
    ['@import "x.css";', /cannot @import/],
    ['@\\69mport "x.css";', /cannot @import/],
    ['@IMPORT "x.css";', /cannot @import/],
    ['.a { background: url(http://evil.example/pixel.png) }', /cannot load “http:\/\/evil/],
    ['.a { background: url(HTTPS://evil.example/p.png) }', /cannot load/],
    ['.a { background: url(//evil.example/p.png) }', /another host/],
    ['.a { background: url(/\\/evil.example/p.png) }', /another host/],
    ['.a { background: url("https://evil.example/p.png") }', /cannot load/],
    ['.a { background: url(\'//evil.example\') }', /another host/],
    ['.a { background: url(var(--x)) }', /.+/],
    ['.a { background: u\\72l(https://evil.example/p.png) }', /.+/],
    ['.a { background: url(\\68ttps://evil.example/p.png) }', /cannot load “https:\/\/evil/],
    ['.a { background: url(data:image/png;base64,AAAA) }', /cannot load “data:/],
    ['.a { background: url(javascript:alert(1)) }', /.+/],
    ['.a { background: image-set("https://evil.example/a.png" 1x) }', /image-set\(\)/],
    ['.a { background: -webkit-image-set("a.png" 1x) }', /image-set\(\)/],
    ['.a { width: expression(alert(1)) }', /expression\(\)/],
    ['.a { width: \\65xpression(alert(1)) }', /expression\(\)/],
    ['.a { width: EXPRESSION(alert(1)) }', /expression\(\)/],
    ['.a { behavior: url(/media/x.htc) }', /“behavior”: it runs code/],
    ['.a { beh\\61vior: url(/x.htc) }', /“behavior”/],
    ['.a { -moz-binding: url(/x.xml#x) }', /“-moz-binding”/],
    ['@font-face { font-family: X; src: url(https://fonts.evil.example/x.woff2) }', /cannot load/],
    ['.a { --v: url(https://evil.example/x.png) }', /.+/],
    ['.a { background: url(x.png) }', /by their path on this overlay/],
    ['@namespace svg url(http://www.w3.org/2000/svg);', /.+/],
  ];
  it.each(hostile)('refuses %s', (css, why) => {
    const problem = customCssProblem(css);
    expect(problem).not.toBeNull();
    expect(problem!).toMatch(why);
  });

  it('refuses more than 1 MB, and says which line a refusal is on', () => {
    expect(customCssProblem(`.a{color:red}\n`.repeat(Math.ceil(MAX_CUSTOM_CSS_BYTES / 14) + 1))).toBe('Custom CSS is at most 1 MB.');
    expect(customCssProblem('.a { color: red }\n.b { background: url(http://x.example/a.png) }')).toMatch(/\(line 2\)$/);
  });
});
