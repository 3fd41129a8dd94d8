/**
 * Waits for a condition (which may ask something asynchronously), checking every `everyMs` (by
 * default on every turn of the event loop); fails after `timeoutMs`.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition', everyMs = 2): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
