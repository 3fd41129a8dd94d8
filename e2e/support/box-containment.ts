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
