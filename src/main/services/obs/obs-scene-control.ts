/**
 * Scenes, sources, inputs and outputs of OBS Studio over Sidestage's one obs-websocket connection
 * (`ObsService.call`): what automations do to OBS, and the lists their editor picks from. Every
 * answer is checked before use, and OBS's refusals come back in the broadcaster's words
 * ("OBS has no scene "Water""), with the request's own timeout and connection errors unchanged.
 */
import { z } from 'zod';
import { AppError } from '../app-error';
import type { ObsRequests } from './obs-service';
import { obsRequestStatus, obsStatusOf } from './obs-status-codes';

export interface ObsSceneChoice {
  name: string;
  /** The scene's sources, top first as OBS lists them. */
  sources: string[];
}

export interface ObsInputChoice {
  name: string;
  kind: string;
  /** A text source (its text can be set). */
  text: boolean;
  /** May carry sound (can be muted). */
  audio: boolean;
}

const sceneListSchema = z.object({ scenes: z.array(z.object({ sceneName: z.string(), sceneIndex: z.number().optional() }).passthrough()) }).passthrough();
const sceneItemListSchema = z.object({ sceneItems: z.array(z.object({ sourceName: z.string(), sceneItemIndex: z.number().optional() }).passthrough()) }).passthrough();
const inputListSchema = z.object({ inputs: z.array(z.object({ inputName: z.string(), inputKind: z.string(), unversionedInputKind: z.string().optional() }).passthrough()) }).passthrough();
const currentSceneSchema = z.object({ sceneName: z.string().optional(), currentProgramSceneName: z.string().optional() }).passthrough();
const sceneItemIdSchema = z.object({ sceneItemId: z.number().int() }).passthrough();
const sceneItemEnabledSchema = z.object({ sceneItemEnabled: z.boolean() }).passthrough();

const textKinds = /^text_/;
const audioKinds = /audio|pulse|alsa|wasapi|coreaudio|jack|sndio|oss_|ffmpeg_source|vlc_source|browser_source|capture/i;

function parsed<S extends z.ZodType>(schema: S, answer: unknown, request: string): z.infer<S> {
  const result = schema.safeParse(answer);
  if (!result.success) throw new AppError('unavailable', `OBS answered ${request} in a form Sidestage does not know.`);
  return result.data;
}

export class ObsSceneControl {
  constructor(private readonly obs: ObsRequests) {}

  /** Scenes as OBS lists them (top first), each with its sources. */
  async listScenes(): Promise<ObsSceneChoice[]> {
    const scenes: ObsSceneChoice[] = [];
    for (const name of await this.listSceneNames()) scenes.push({ name, sources: await this.listSources(name) });
    return scenes;
  }

  /** The scenes' names as OBS's dock shows them (top first), in one request. */
  async listSceneNames(): Promise<string[]> {
    const list = parsed(sceneListSchema, await this.obs.call('GetSceneList'), 'GetSceneList');
    // obs-websocket lists scenes bottom first (sceneIndex 0 is the last in OBS's dock).
    return [...list.scenes].sort((a, b) => (b.sceneIndex ?? 0) - (a.sceneIndex ?? 0)).map((s) => s.sceneName);
  }

  async listSources(sceneName: string): Promise<string[]> {
    const answer = await this.request(() => this.obs.call('GetSceneItemList', { sceneName }), { notFound: `OBS has no scene "${sceneName}".` });
    const items = parsed(sceneItemListSchema, answer, 'GetSceneItemList').sceneItems;
    return [...items].sort((a, b) => (b.sceneItemIndex ?? 0) - (a.sceneItemIndex ?? 0)).map((item) => item.sourceName);
  }

  async listInputs(): Promise<ObsInputChoice[]> {
    const inputs = parsed(inputListSchema, await this.obs.call('GetInputList'), 'GetInputList').inputs;
    return inputs.map((input) => {
      const kind = input.unversionedInputKind ?? input.inputKind;
      return { name: input.inputName, kind, text: textKinds.test(kind), audio: audioKinds.test(kind) };
    });
  }

  async currentScene(): Promise<string> {
    const answer = parsed(currentSceneSchema, await this.obs.call('GetCurrentProgramScene'), 'GetCurrentProgramScene');
    const name = answer.sceneName ?? answer.currentProgramSceneName;
    if (name === undefined) throw new AppError('unavailable', 'OBS did not say which scene is on air.');
    return name;
  }

  /** Switches the program scene; answers the scene that was on air before. */
  async switchScene(sceneName: string): Promise<{ previous: string }> {
    const previous = await this.currentScene();
    await this.request(() => this.obs.call('SetCurrentProgramScene', { sceneName }), { notFound: `OBS has no scene "${sceneName}".` });
    return { previous };
  }

  /** Shows or hides a source in a scene; answers whether it was shown before. */
  async setSourceVisible(sceneName: string, sourceName: string, visible: boolean): Promise<{ wasVisible: boolean }> {
    const notFound = `"${sourceName}" is not in the scene "${sceneName}" (or the scene is gone).`;
    const { sceneItemId } = parsed(sceneItemIdSchema, await this.request(() => this.obs.call('GetSceneItemId', { sceneName, sourceName }), { notFound }), 'GetSceneItemId');
    const before = parsed(sceneItemEnabledSchema, await this.request(() => this.obs.call('GetSceneItemEnabled', { sceneName, sceneItemId }), { notFound }), 'GetSceneItemEnabled');
    await this.request(() => this.obs.call('SetSceneItemEnabled', { sceneName, sceneItemId, sceneItemEnabled: visible }), { notFound });
    return { wasVisible: before.sceneItemEnabled };
  }

  async setMuted(inputName: string, muted: boolean): Promise<void> {
    await this.request(() => this.obs.call('SetInputMute', { inputName, inputMuted: muted }), { notFound: `OBS has no input "${inputName}".` });
  }

  async setText(inputName: string, text: string): Promise<void> {
    await this.request(() => this.obs.call('SetInputSettings', { inputName, inputSettings: { text } }), { notFound: `OBS has no text source "${inputName}".` });
  }

  /** Starts or stops recording; "already" when OBS was already doing so. */
  async setRecording(start: boolean): Promise<{ already: boolean }> {
    try {
      if (start) await this.obs.call('StartRecord');
      else await this.obs.call('StopRecord');
      return { already: false };
    } catch (error) {
      if (obsStatusOf(error) === (start ? obsRequestStatus.outputRunning : obsRequestStatus.outputNotRunning)) return { already: true };
      throw error;
    }
  }

  async saveReplayBuffer(): Promise<void> {
    try {
      await this.obs.call('SaveReplayBuffer');
    } catch (error) {
      const status = obsStatusOf(error);
      if (status === obsRequestStatus.outputNotRunning || status === obsRequestStatus.invalidResourceState) {
        throw new AppError('unavailable', "OBS's replay buffer is not running: turn it on in OBS (Settings, Output, Replay Buffer) and start it.", { status });
      }
      throw error;
    }
  }

  private async request<T>(call: () => Promise<T>, words: { notFound: string }): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (obsStatusOf(error) === obsRequestStatus.resourceNotFound) throw new AppError('invalid_argument', words.notFound, { status: obsRequestStatus.resourceNotFound });
      throw error;
    }
  }
}
