/**
 * Boxes as the page lays them out, for the layout checks: every element's box inside its
 * container's, and the boxes of what must be in view.
 */
import type { Locator, Page } from '@playwright/test';

/** A box in CSS pixels, rounded to tenths. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every element under `root` (a CSS selector; all matches) whose box leaves its parent's, in an axis
 * where the parent does not clip or scroll (overflow other than visible lets a child extend on
 * purpose: a list that scrolls, a line cut with an ellipsis) and, up and down, where the parent is
 * a block (not a run of text). Answers a line per element, at most 8.
 */
export async function boxesLeavingTheirContainer(page: Page, root: string): Promise<string[]> {
  // What the page shows after its next rendering: after a resize, a line newly in view keeps its
  // placeholder size (content-visibility: auto) until the browser has rendered a frame.
  await page.evaluate(() => new Promise<void>((rendered) => requestAnimationFrame(() => requestAnimationFrame(() => rendered()))));
  return page.evaluate((selector) => {
    const escaping: string[] = [];
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${text}"`;
    };
    for (const top of document.querySelectorAll(selector)) {
      for (const el of [top, ...top.querySelectorAll('*')]) {
        const parent = el.parentElement;
        if (!parent || el === top) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.position === 'fixed' || style.visibility === 'hidden') continue;
        // Text for screen readers only (.visually-hidden: clipped to nothing) has no box to see.
        if (style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        // The box the child must stay in: the nearest ancestor that is laid out (display: contents has none).
        let container: Element | null = parent;
        while (container && getComputedStyle(container).display === 'contents') container = container.parentElement;
        if (!container) continue;
        const outer = container.getBoundingClientRect();
        const parentStyle = getComputedStyle(container);
        const slack = 1;
        const leavesX = parentStyle.overflowX === 'visible' && (box.left < outer.left - slack || box.right > outer.right + slack);
        // An inline box is as high as its font, whatever it holds (a key hint's border sits over the
        // line's edge by design): only a container laid out as a block bounds its children's height.
        const inline = parentStyle.display === 'inline';
        const leavesY = !inline && parentStyle.overflowY === 'visible' && (box.top < outer.top - slack || box.bottom > outer.bottom + slack);
        if (leavesX || leavesY) {
          escaping.push(
            `${describe(el)} [${Math.round(box.left)},${Math.round(box.top)} → ${Math.round(box.right)},${Math.round(box.bottom)}] leaves ${describe(container)} [${Math.round(outer.left)},${Math.round(outer.top)} → ${Math.round(outer.right)},${Math.round(outer.bottom)}]`,
          );
        }
        if (escaping.length >= 8) return escaping;
      }
    }
    return escaping;
  }, root);
}

/** The locator's box, or a failure that names it. */
export async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box (not attached or not shown)`);
  const tenth = (n: number) => Math.round(n * 10) / 10;
  return { x: tenth(box.x), y: tenth(box.y), width: tenth(box.width), height: tenth(box.height) };
}

/** Whether a box lies wholly inside the viewport (to a pixel's rounding). */
export function insideViewport(box: Box, viewport: { width: number; height: number }): boolean {
  return box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
}

/**
 * Text a broadcaster cannot read whole: every run of text under `root` (a CSS selector; all matches)
 * that passes, sideways, the edge of a box that clips it (overflow other than visible, the viewport
 * included), so it is cut mid-word or scrolled out of view. A line cut with an ellipsis whose whole
 * text is the element's tooltip (a stream title, a viewer's name) is cut on purpose and passes; text
 * for screen readers only has no box to see. Answers a line per cut text, at most 8.
 */
export async function textCutOff(page: Page, root: string): Promise<string[]> {
  await page.evaluate(() => new Promise<void>((rendered) => requestAnimationFrame(() => requestAnimationFrame(() => rendered()))));
  return page.evaluate((selector) => {
    const cut: string[] = [];
    const seen = new Set<Text>();
    const skip = (el: Element): boolean => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (['SELECT', 'OPTION', 'TEXTAREA', 'SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return true;
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    for (const top of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
        const words = (text.textContent ?? '').trim();
        // A separator alone (" · ") says nothing when cut.
        if (!/[\p{L}\p{N}]/u.test(words) || seen.has(text)) continue;
        seen.add(text);
        const holder = text.parentElement;
        if (!holder || skip(holder)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (rects.length === 0) continue;
        let left = Math.min(...rects.map((r) => r.left));
        let right = Math.max(...rects.map((r) => r.right));
        // Each box that clips it sideways, inside out, then the viewport: the first that cuts it
        // names it, unless that box is a line cut on purpose (an ellipsis, the whole text in its
        // tooltip): then what it shows must fit the boxes around it.
        let clipper: Element | null = null;
        let edges = { left: 0, right: document.documentElement.clientWidth };
        for (let node: Element | null = holder; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') continue;
          const box = node.getBoundingClientRect();
          const inner = { left: box.left + node.clientLeft, right: box.left + node.clientLeft + node.clientWidth };
          if (left >= inner.left - 1 && right <= inner.right + 1) continue;
          if (style.textOverflow === 'ellipsis' && (node.getAttribute('title') ?? '').includes(words)) {
            left = Math.max(left, inner.left);
            right = Math.min(right, inner.right);
            continue;
          }
          clipper = node;
          edges = inner;
          break;
        }
        if (!clipper && left >= edges.left - 1 && right <= edges.right + 1) continue;
        cut.push(
          `"${words.replace(/\s+/g, ' ').slice(0, 40)}" in ${describe(holder)} [${Math.round(left)} → ${Math.round(right)}] is cut by ${clipper ? describe(clipper) : 'the viewport'} [${Math.round(edges.left)} → ${Math.round(edges.right)}]`,
        );
        if (cut.length >= 8) return cut;
      }
    }
    return cut;
  }, root);
}
