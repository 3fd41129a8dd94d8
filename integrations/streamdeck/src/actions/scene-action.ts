/**
 * The scene key: switches OBS to the scene chosen in its inspector, through Sidestage
 * (`POST /obs/scene`); state 1 while it is the current scene (read on appearing and after a press:
 * the event socket does not carry the scene).
 */
import { sceneFace, type KeyFace } from '../key-faces';
import { SidestageAction, type InspectorOption, type JsonObject } from './sidestage-action';

export interface SceneSettings {
  scene?: string;
}

export class SceneAction extends SidestageAction<SceneSettings> {
  override readonly manifestId = 'com.sidestage.deck.scene';
  private current: string | null = null;

  protected parseSettings(raw: JsonObject): SceneSettings {
    return typeof raw.scene === 'string' && raw.scene.length > 0 && raw.scene.length <= 256 ? { scene: raw.scene } : {};
  }

  protected face(settings: SceneSettings): KeyFace {
    return sceneFace(settings.scene, this.current);
  }

  protected override async refresh(): Promise<void> {
    this.current = (await this.link.api().scenes()).current;
  }

  protected async press(settings: SceneSettings): Promise<void> {
    if (!settings.scene) throw new Error('Choose the scene in the key’s settings.');
    await this.link.api().switchScene(settings.scene);
    this.current = settings.scene;
    this.redrawAll();
  }

  protected async options(): Promise<InspectorOption[]> {
    return (await this.link.api().scenes()).scenes.map((scene) => ({ value: scene, label: scene }));
  }
}
