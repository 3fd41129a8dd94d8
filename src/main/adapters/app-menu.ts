/**
 * The application menu. Without one Electron creates its default menu, whose View menu reloads
 * the page and opens the developer tools (Ctrl+R, Ctrl+Shift+I) in the broadcaster's app.
 * Windows and Linux get none at all (Electron: "Passing null will suppress the default menu. On
 * Windows and Linux, this has the additional effect of removing the menu bar from the window");
 * macOS, where the menu bar is the system's and copy and paste go through the Edit menu's roles,
 * gets the app menu, Edit and Window, without View.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export function macMenuTemplate(appName: string): MenuItemConstructorOptions[] {
  return [
    {
      label: appName,
      submenu: [
        { role: 'about', label: `About ${appName}` },
        { type: 'separator' },
        { role: 'hide', label: `Hide ${appName}` },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit', label: `Quit ${appName}` },
      ],
    },
    { role: 'editMenu' },
    { role: 'windowMenu' },
  ];
}

export function setApplicationMenu(platform: NodeJS.Platform, appName: string): void {
  Menu.setApplicationMenu(platform === 'darwin' ? Menu.buildFromTemplate(macMenuTemplate(appName)) : null);
}
