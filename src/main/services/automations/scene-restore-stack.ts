/**
 * "Switch scene and back after N s", for runs that overlap: a restore stack (rather than one
 * shared queue for every OBS step), so that no run waits for another's N s and each "back" puts
 * on air only what that run replaced.
 *
 * Each switch pushes what it set and the scene it replaced. When a run's time is up:
 * - it is the latest switch still waiting, and its scene is on air: back to the scene it replaced;
 * - a later run switched over it (A to Water, then B to Raid): nothing is switched now, and the
 *   later run inherits what A replaced, so B's "back" goes to the scene before Water, never to
 *   Water, which neither wanted any more;
 * - the scene on air is neither (the broadcaster chose one meanwhile): theirs stays.
 */

export interface SceneSwitch {
  readonly set: string;
  /** Its kept revert on disk (`kept-obs-reverts.ts`), so that a quit during the wait still puts the scene back. */
  keptId?: string;
  /** What goes back on air; a later release below may change it to what that one replaced. */
  previous: string;
}

export type SceneRelease = { kind: 'back'; to: string } | { kind: 'covered'; by: string } | { kind: 'chosen'; now: string };

export class SceneRestoreStack {
  private readonly switches: SceneSwitch[] = [];

  /** A run switched to `set`, replacing `previous`; released after its wait. */
  push(set: string, previous: string): SceneSwitch {
    const entry: SceneSwitch = { set, previous };
    this.switches.push(entry);
    return entry;
  }

  /** The run's time is up with `current` on air: what it should do. The entry leaves the stack. */
  release(entry: SceneSwitch, current: string): SceneRelease {
    const index = this.switches.indexOf(entry);
    if (index === -1) return current === entry.set ? { kind: 'back', to: entry.previous } : { kind: 'chosen', now: current };
    this.switches.splice(index, 1);
    const above = this.switches[index];
    if (above) {
      // The later switch replaced this one's scene: it goes back to what this one replaced.
      if (above.previous === entry.set) above.previous = entry.previous;
      return { kind: 'covered', by: above.set };
    }
    return current === entry.set ? { kind: 'back', to: entry.previous } : { kind: 'chosen', now: current };
  }

  /** The switch made over this one (it inherits what this one replaced when this one is released), if any. */
  above(entry: SceneSwitch): SceneSwitch | undefined {
    const index = this.switches.indexOf(entry);
    return index === -1 ? undefined : this.switches[index + 1];
  }

  /** A run stopped without its release (Sidestage closing): forgotten. */
  forget(entry: SceneSwitch): void {
    const index = this.switches.indexOf(entry);
    if (index !== -1) this.switches.splice(index, 1);
  }

  size(): number {
    return this.switches.length;
  }
}
