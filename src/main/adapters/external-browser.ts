/** Opens allowed URLs (platform pages, the emulator's consent page) in the system browser. */
import { shell } from 'electron';
import { isAllowedExternalUrl, type ExternalUrlPolicy } from '../security';

export function createExternalOpener(policy: () => ExternalUrlPolicy): (url: string) => Promise<boolean> {
  return async (url) => {
    if (!isAllowedExternalUrl(url, policy())) return false;
    try {
      await shell.openExternal(url);
      return true;
    } catch {
      return false;
    }
  };
}
