import type { SidestageBridge } from '../../shared/ipc/contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in dock mode (a browser or OBS dock). */
    sidestage?: SidestageBridge;
  }
}

export {};

/** A stylesheet's text (Vite's `?raw`), for tests that check the design tokens. */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
