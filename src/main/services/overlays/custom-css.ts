/**
 * Custom CSS for an overlay, checked before it is kept: parsed with a maintained CSS parser
 * (css-tree), and refused with the reason, in words, when it would load or run anything from
 * outside the overlay's own origin: `@import`, a `url()` with a scheme or a host (`http:`, `data:`,
 * `//host`), `image-set()`, `expression()`, the old `behavior` / `-moz-binding`, or any of these
 * hidden behind CSS escapes (names and URLs are compared decoded). At most 1 MB. The page's CSP
 * (`style-src 'self'`, `img-src 'self'`, `font-src 'self'`) still holds behind it.
 */
import type { CssNode } from 'css-tree';
import parse from 'css-tree/parser';
import { ident } from 'css-tree/utils';
import walk from 'css-tree/walker';

export const MAX_CUSTOM_CSS_BYTES = 1024 * 1024;

/** Functions that fetch or run something whatever they are given. */
const refusedFunctions = new Set(['expression', 'image-set', '-webkit-image-set', 'image', 'cross-fade', 'element', 'src']);
const refusedProperties = new Set(['behavior', '-moz-binding']);

/** Why `css` cannot be kept, in words; null when it can. */
export function customCssProblem(css: string): string | null {
  if (Buffer.byteLength(css, 'utf8') > MAX_CUSTOM_CSS_BYTES) return 'Custom CSS is at most 1 MB.';
  if (css.includes('\u0000')) return 'Custom CSS cannot contain a NUL character.';
  const parseErrors: string[] = [];
  let ast: CssNode;
  try {
    ast = parse(css, { positions: true, onParseError: (error) => parseErrors.push(`${error.message} (line ${(error as { line?: number }).line ?? '?'})`) });
  } catch (error) {
    return `This CSS could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (parseErrors.length > 0) return `This CSS could not be read: ${parseErrors[0]}`;
  let problem: string | null = null;
  const refuse = (node: CssNode, why: string) => {
    problem ??= `${why}${node.loc ? ` (line ${node.loc.start.line})` : ''}`;
  };
  walk(ast, (node) => {
    if (problem) return;
    switch (node.type) {
      case 'Atrule': {
        const name = ident.decode(node.name).toLowerCase();
        if (name === 'import') refuse(node, 'Custom CSS cannot @import other style sheets: paste their rules in instead.');
        else if (name === 'namespace' || name === 'document' || name === '-moz-document') refuse(node, `Custom CSS cannot use @${name}.`);
        return;
      }
      case 'Url': {
        const why = urlProblem(node.value);
        if (why) refuse(node, why);
        return;
      }
      case 'Function': {
        const name = ident.decode(node.name).toLowerCase();
        if (name === 'url') {
          // url() with a string or a variable inside: css-tree reads it as a function, not a Url.
          refuse(node, 'Custom CSS may use url() only with a plain address of this overlay’s own files (“url(/media/…)”).');
        } else if (refusedFunctions.has(name)) {
          refuse(node, `Custom CSS cannot use ${name}(): it loads or runs something Sidestage cannot check.`);
        }
        return;
      }
      case 'Declaration': {
        const property = ident.decode(node.property).toLowerCase();
        if (refusedProperties.has(property)) refuse(node, `Custom CSS cannot use “${property}”: it runs code.`);
        // A custom property's value is kept raw, unread, and used elsewhere through var(): read it as a value too.
        else if (node.value.type === 'Raw') {
          const inner = customCssProblem(`a{b:${node.value.value}}`);
          if (inner) refuse(node, inner.replace(/ \(line \d+\)$/, ''));
        }
        return;
      }
      default:
        return;
    }
  });
  return problem;
}

/** A url() may name this overlay's own files only: a path on its origin, never another origin or a scheme. */
function urlProblem(value: string): string | null {
  const address = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return `Custom CSS cannot load “${address.slice(0, 80)}”: only this overlay’s own files (“/media/…”) may be named.`;
  if (address.startsWith('//') || address.startsWith('\\\\') || address.startsWith('/\\') || address.startsWith('\\/')) return `Custom CSS cannot load from another host (“${address.slice(0, 80)}”).`;
  if (!address.startsWith('/')) return `Custom CSS names files by their path on this overlay (“/media/…”), not “${address.slice(0, 80)}”.`;
  return null;
}
