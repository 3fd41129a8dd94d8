/** A stylesheet's text (Vite's `?raw`), for the test that checks the design tokens. */
declare module '*.css?raw' {
  const text: string;
  export default text;
}

/** Vite's `import.meta.glob`, as the stylesheet test uses it (every stylesheet's text). */
interface ImportMeta {
  glob<T>(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, T>;
}
