/** Which keyboard the broadcaster has, for shortcuts shown and captured ("Ctrl+Alt+M", or "⌘⌥M" on a Mac). */
export const keyboardPlatform: 'mac' | 'other' = typeof navigator !== 'undefined' && /mac/i.test(navigator.platform) ? 'mac' : 'other';
