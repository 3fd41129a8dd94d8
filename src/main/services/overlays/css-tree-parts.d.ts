/**
 * Types for the parts of css-tree that custom CSS uses: the parser, the walker and the identifier
 * helpers, imported on their own so that the main bundle leaves out the lexer's syntax data (read
 * from a JSON file beside the package at run time, which a bundle does not carry).
 */
declare module 'css-tree/parser' {
  import type { parse } from 'css-tree';
  const parser: typeof parse;
  export default parser;
}
declare module 'css-tree/walker' {
  import type { walk } from 'css-tree';
  const walker: typeof walk;
  export default walker;
}
declare module 'css-tree/utils' {
  export { ident } from 'css-tree';
}
