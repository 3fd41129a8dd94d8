/** Exposes the bridge (bridge.ts) as `window.sidestage`: the preload's only export to the page. */
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld('sidestage', buildBridge(ipcRenderer));
