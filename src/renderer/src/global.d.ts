import type { SidestageBridge } from '../../shared/ipc/contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in dock mode (a browser or OBS dock). */
    sidestage?: SidestageBridge;
  }
}

export {};
