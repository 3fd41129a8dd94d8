/**
 * Renders the TrayModel (src/main/services/tray/tray-model.ts) with Electron's Tray and Menu:
 * the icon for live or offline, the tooltip, and the menu, whose clicks go back to the model.
 */
import { join } from 'node:path';
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { TrayMenuItem, TrayModel, TrayState } from '../services/tray/tray-model';

export interface TrayIcons {
  live: string;
  offline: string;
}

/**
 * The tray's images for this system (scripts/make-icons.mjs draws them): macOS's menu bar wants
 * 16-point template images (black and transparent, "Template" at the end of the name, which the
 * system tints for a light or dark bar), with the 32-pixel `@2x` beside each for Retina; Windows
 * gets ICO files holding 16 to 32 pixels for its DPI scales; Linux 16 pixels with `@2x`.
 * Live is a filled dot and offline a ring, so that they differ without colour too.
 */
export function trayIcons(platform: NodeJS.Platform, resourcesDir: string): TrayIcons {
  const file = (name: string) => join(resourcesDir, 'tray', name);
  if (platform === 'darwin') return { live: file('tray-liveTemplate.png'), offline: file('tray-offlineTemplate.png') };
  if (platform === 'win32') return { live: file('tray-live.ico'), offline: file('tray-offline.ico') };
  return { live: file('tray-live.png'), offline: file('tray-offline.png') };
}

export class ElectronTray {
  private readonly tray: Tray;
  private readonly images: { live: NativeImage; offline: NativeImage };
  private readonly off: () => void;

  constructor(private readonly model: TrayModel, icons: TrayIcons) {
    this.images = { live: nativeImage.createFromPath(icons.live), offline: nativeImage.createFromPath(icons.offline) };
    const state = model.getState();
    this.tray = new Tray(state.live ? this.images.live : this.images.offline);
    this.tray.on('click', () => model.activate('open'));
    this.render(state);
    this.off = model.onChange((next) => this.render(next));
  }

  dispose(): void {
    this.off();
    this.tray.destroy();
  }

  private render(state: TrayState): void {
    this.tray.setImage(state.live ? this.images.live : this.images.offline);
    this.tray.setToolTip(state.tooltip);
    // macOS shows a title beside the icon: the count of redemptions waiting.
    if (process.platform === 'darwin') this.tray.setTitle(state.pendingRedemptions > 0 ? String(state.pendingRedemptions) : '');
    this.tray.setContextMenu(Menu.buildFromTemplate(state.menu.map((item) => this.toElectron(item))));
  }

  private toElectron(item: TrayMenuItem): MenuItemConstructorOptions {
    if (item.submenu) return { label: item.label, enabled: item.enabled, submenu: item.submenu.map((sub) => this.toElectron(sub)) };
    if (item.checked !== undefined) {
      return { label: item.label, enabled: item.enabled, type: 'checkbox', checked: item.checked, click: () => this.model.activate(item.id) };
    }
    return { label: item.label, enabled: item.enabled, click: () => this.model.activate(item.id) };
  }
}
