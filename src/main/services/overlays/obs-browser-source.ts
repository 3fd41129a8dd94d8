/**
 * "Add to OBS": a browser source for an overlay in OBS's current scene, over Sidestage's one
 * obs-websocket connection. A source of that name already there is pointed at the overlay's current
 * URL instead (after "Reset the link"). An OBS without the browser source (Debian's leaves the
 * obs-browser plugin out; it answers 605, "invalid input kind") is said so in words.
 */
import type { AddToObsResult } from '../../../shared/ipc/schemas/overlays';
import { OVERLAY_HEIGHT, OVERLAY_WIDTH } from '../../../shared/ipc/schemas/overlays';
import { AppError } from '../app-error';
import type { ObsRequests } from '../obs/obs-service';
import { obsRequestStatus, obsStatusOf } from '../obs/obs-status-codes';

export const noBrowserSourceMessage =
  'This OBS has no Browser source (its obs-browser plugin is not installed: Debian’s OBS and some Linux builds leave it out), so Sidestage cannot add the overlay there. Copy the overlay’s URL instead, and add it in an OBS that has the Browser source.';

export async function addBrowserSource(obs: ObsRequests, source: { inputName: string; url: string }): Promise<AddToObsResult> {
  const scene = await obs.call('GetCurrentProgramScene');
  const sceneName = scene.currentProgramSceneName;
  const existing = await obs.call('GetInputSettings', { inputName: source.inputName }).catch((error: unknown) => {
    if (obsStatusOf(error) === obsRequestStatus.resourceNotFound) return null;
    throw error;
  });
  if (existing) {
    if (existing.inputKind !== 'browser_source') {
      throw new AppError('invalid_argument', `OBS already has a source named “${source.inputName}” that is not a browser source. Rename it in OBS, then try again.`);
    }
    await obs.call('SetInputSettings', { inputName: source.inputName, inputSettings: { url: source.url } });
    return { sceneName, inputName: source.inputName, updated: true };
  }
  try {
    await obs.call('CreateInput', {
      sceneName,
      inputName: source.inputName,
      inputKind: 'browser_source',
      inputSettings: {
        url: source.url,
        width: OVERLAY_WIDTH,
        height: OVERLAY_HEIGHT,
        // Alerts must keep their connection while the source is hidden, and their sound goes to the stream.
        shutdown: false,
        restart_when_active: false,
        reroute_audio: true,
      },
      sceneItemEnabled: true,
    });
  } catch (error) {
    if (obsStatusOf(error) === obsRequestStatus.invalidInputKind) throw new AppError('unavailable', noBrowserSourceMessage, { status: obsRequestStatus.invalidInputKind });
    throw error;
  }
  return { sceneName, inputName: source.inputName, updated: false };
}
