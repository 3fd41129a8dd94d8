/** Time and timers, injected so tests can move time without waiting. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // Timers of a service must not keep the process (or a test run) alive on their own.
    unref(handle);
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => {
    const handle = setInterval(callback, ms);
    unref(handle);
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Node's timers have unref(); a browser's are numbers and never keep anything alive. */
function unref(handle: unknown): void {
  (handle as { unref?: () => void }).unref?.();
}
