/**
 * The small Markdown subset communities' description and rules are rendered with for
 * `description_html` and `rules_html`: paragraphs, line breaks, headings, bold, italics, code and
 * http(s) links. Everything else stays text; HTML in the source is escaped.
 */
import { escapeHtml } from '../html-page';

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`\n]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\n]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\n/g, '<br>\n');
}

export function markdownToHtml(markdown: string): string {
  const blocks = markdown.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/);
  const out: string[] = [];
  for (const block of blocks) {
    const text = block.trim();
    if (text === '') continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(text);
    if (heading && !text.includes('\n')) {
      const level = heading[1]!.length;
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else {
      out.push(`<p>${inline(text)}</p>`);
    }
  }
  return out.join('\n');
}
