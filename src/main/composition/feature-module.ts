/**
 * The one shape of a feature in composition: each `composition/<feature>.ts` exports a
 * `FeatureModule`, and `composition/index.ts` lists them in order. composition.ts opens every
 * feature's files (async), builds every feature (sync, from the surroundings and the features
 * listed before it), serves its IPC, then starts them in the list's order; dispose runs the list
 * backwards, and a start that fails releases what was opened, last first. A feature that is off
 * (outside demo mode; its files could not be opened) builds null or says so, and serves its channels
 * with `serveOff` (src/main/ipc/off-ipc.ts): the same way for every feature.
 */
import type { Disposer } from '../../shared/primitives/emitter';
import type { IpcRouter } from '../ipc/ipc-router';
import type { Features } from './features';
import type { FileSurroundings, Surroundings } from './surroundings';

export type FeatureName = keyof Features;

export interface FeatureModule<K extends FeatureName, Files = undefined> {
  readonly name: K;
  /** Reads the files it keeps in the data directory (damaged ones are set aside and told to the notices). */
  open?(surroundings: FileSurroundings): Promise<Files>;
  /** Lets go of what `open` opened, when a later step of the start fails (once built, `dispose` does). */
  close?(files: Files): unknown;
  /** Synchronous: every service exists once it returns, so its IPC serves it from the start. */
  build(surroundings: Surroundings, files: Files, earlier: Features): Features[K];
  /** Its IPC handlers and forwarded events, and its links to the features before it; released on dispose. */
  serve(router: IpcRouter, feature: Features[K], earlier: Features, surroundings: Surroundings): Disposer;
  start?(feature: Features[K]): void | Promise<void>;
  dispose?(feature: Features[K]): void | Promise<void>;
}

/** Spelled once per module, so that its types are checked against its name: `export const x = feature({...})`. */
export function feature<K extends FeatureName, Files = undefined>(module: FeatureModule<K, Files>): FeatureModule<K, Files> {
  return module;
}

/** The features as a later one sees them: reading one that is listed after it is a mistake in composition/index.ts. */
export function onlyBuilt(built: Features): Features {
  return new Proxy(built, {
    get(target, name) {
      if (typeof name === 'string' && !(name in target)) throw new Error(`composition: "${name}" is read before it is built (see the order in composition/index.ts)`);
      return Reflect.get(target, name);
    },
  });
}
