import type { FastifyReply } from 'fastify';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Tagged template that escapes every interpolated value unless it is `raw(...)`. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += renderValue(value) + (strings[i + 1] ?? '');
  });
  return new RawHtml(out);
}

export class RawHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export const raw = (value: string): RawHtml => new RawHtml(value);

function renderValue(value: unknown): string {
  if (value instanceof RawHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; display: grid; place-items: center; min-height: 100vh; background: #0e0e10; color: #efeff1; }
  main { width: min(28rem, 92vw); background: #18181b; border-radius: 8px; padding: 1.5rem 2rem; box-shadow: 0 4px 24px #0008; }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .brand { color: #bf94ff; font-weight: 600; letter-spacing: .02em; }
  ul.scopes { padding-left: 1.2rem; }
  ul.scopes li { margin: .35rem 0; }
  code { font-size: .85em; color: #adadb8; }
  label { display: block; margin: 1rem 0 .35rem; font-weight: 600; }
  select, input[type=text] { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; border-radius: 4px; border: 1px solid #53535f; background: #0e0e10; color: inherit; }
  /* Authorize comes first in the form (Enter submits it) but shows on the right. */
  .actions { display: flex; flex-direction: row-reverse; gap: .75rem; justify-content: flex-start; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: .5rem 1.1rem; border-radius: 4px; border: 0; cursor: pointer; }
  button.primary { background: #9147ff; color: #fff; }
  button.secondary { background: #3a3a3d; color: #efeff1; }
  .error { color: #ff8280; }
  .note { color: #adadb8; font-size: .9rem; }
`;

export function page(title: string, body: RawHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<main>
<p class="brand">Platform emulator</p>
${body}
</main>
</body>
</html>
`.value;
}

export function sendHtml(reply: FastifyReply, status: number, document: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'")
    .header('X-Frame-Options', 'DENY')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(document);
}
