/** A stylesheet's text (Vite's `?raw`), for the test that checks the design tokens. */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
