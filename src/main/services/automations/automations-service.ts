/**
 * Automations: when something happens on the channel, Sidestage acts, exactly once and visibly.
 *
 * Events come from the one channel-event stream (only the kinds some automation listens to are
 * asked for), from the ad schedule ("N s before the next break"), from timers while live, from an
 * automation's own global hotkey, from OBS's events and from the Run and Test buttons (and "Run
 * another automation"). For each automation whose trigger an event is: the exactly-once ledger is
 * asked first, then the conditions (the global pause, only while live, the comparisons, the
 * cooldowns; "followers and above" looked up first), then the automation's queue (one at a time,
 * side by side, or skip when busy), or the named queue it shares with others (one at a time). At
 * start, the "back after N s" an earlier process left undone are done (kept-obs-reverts.ts). A run's steps are recorded on disk before each request
 * goes out, and the run log says what each did, when, and why one failed.
 */
import { randomUUID } from 'node:crypto';
import { parseAccelerator } from '../../../shared/domain/accelerator';
import { describeStep, describeTrigger } from '../../../shared/domain/automation-words';
import type { RandomSource } from '../../../shared/domain/automation-template';
import type { AutomationVariable, VariableChange } from '../../../shared/domain/automation-variables';
import type { AutomationStep } from '../../../shared/ipc/schemas/automations';
import type {
  Automation,
  AutomationInput,
  AutomationsState,
  AutomationStatus,
  ChannelEvent,
  ChannelEventKind,
  ObsChoices,
  RunRecord,
} from '../../../shared/ipc/contract';
import { systemClock, type Clock } from '../../../shared/primitives/clock';
import { Disposable, Emitter, type Disposer } from '../../../shared/primitives/emitter';
import { HypeTrainLevels } from '../../../shared/domain/hype-train-levels';
import { AppError } from '../app-error';
import { GlobalHotkey } from '../hotkeys/global-hotkey';
import type { ShortcutRegistry } from '../hotkeys/shortcut-registry';
import type { Logger } from '../logger';
import { bounded, ClosingError, runAction, Sleeper, type ActionPorts } from './actions';
import { AutomationStore, exportAutomations, newAutomationId, parseAutomationsExport } from './automation-store';
import { ChatPacer } from './chat-pacer';
import { Cooldowns, rulesRefusal, type RuleContext } from './conditions';
import { RunLiveFields, type HeldStream, type PlatformLookups } from './live-fields';
import type { VariableBook } from './variable-book';
import { OwnChatGuard, type SpeakingAccounts } from './own-chat-guard';
import type { RunLedger } from './run-ledger';
import { SceneRestoreStack } from './scene-restore-stack';
import { SkipCounts, type SkipKind } from './skip-counts';
import { sampleEvent } from './sample-events';
import type { AutomationTester } from './simulation-tester';
import { starterTemplates, type TemplateContext } from './starter-templates';
import { kindsOf, ownEvent, parseCommand, triggerEventFor, type EventFacts, type TriggerEvent } from './triggers';
import { ChannelUpdateWatch } from './trigger-sources/channel-triggers';
import { FirstChatters } from './trigger-sources/first-chatters';
import { obsTriggerEvent, type ObsEventsSource } from './trigger-sources/obs-triggers';
import type { FollowerCheck } from './trigger-sources/follower-check';
import type { KeptObsRevert, KeptObsReverts } from './action-runners/kept-obs-reverts';
import type { SceneSwitch } from './scene-restore-stack';
import { DueReverts } from '../common/due-reverts';

/** "Run another automation" nests at most this deep (the outermost run counts as 1). */
export const maxRunDepth = 3;

export interface AutomationEventsSource {
  on<K extends ChannelEventKind>(kinds: readonly K[], listener: (event: Extract<ChannelEvent, { kind: K }>) => void): Disposer;
}

export interface AutomationsServiceOptions {
  store: AutomationStore;
  ledger: RunLedger;
  /** The one channel-event stream. */
  events: AutomationEventsSource;
  ports: ActionPorts;
  /** Sidestage's own speaking accounts: their echoes of what automations said are never read as commands. */
  speakingAccounts: SpeakingAccounts;
  /** The cooldowns, kept across restarts (the cooldown book's); default: in memory only. */
  cooldowns?: Cooldowns;
  /** The channel's blocked terms in force: viewer text holding one is never re-posted. Asked by each run (the first one may read them). */
  blockedTerms?: () => Promise<readonly string[]>;
  /** OBS's scenes, sources and inputs for the editor. */
  obsChoices(): Promise<ObsChoices>;
  stream: { getStatus(): HeldStream; onChange(listener: (status: HeldStream) => void): Disposer };
  /** The automations' variables (`{var.x}`, the variable step, the Variables section); none: refused in words. */
  variables?: VariableBook;
  /** Platform requests for live fields and targets; none: those fields say they could not be read. */
  lookups?: PlatformLookups | null;
  /** `{time}`'s zone. Default: this machine's. */
  timeZone?: string;
  /** For `{random:...}` and the random step. Default Math.random. */
  random?: RandomSource;
  /** The platform's ad schedule as the ads service reads it. */
  ads: { getState(): { schedule: { nextAdAt: string | null } | null }; onChange(listener: (state: { schedule: { nextAdAt: string | null } | null }) => void): Disposer };
  shortcuts: ShortcutRegistry;
  /** Demo mode: Test makes the event happen on the practice platform. */
  tester: AutomationTester | null;
  templateContext(): Promise<TemplateContext>;
  logger: Logger;
  clock?: Clock;
  /** How shortcuts are written in messages. Default: this machine's. */
  keyboard?: 'mac' | 'other';
  /** Longest wait for one request to OBS or the platform. Default 20 s. */
  requestTimeoutMs?: number;
  /** Runs of one automation that may wait their turn. Default 20. */
  maxWaitingRuns?: number;
  /** Runs of one "may overlap" automation at once. Default 10. */
  maxOverlapping?: number;
  /** State changes are sent to the renderer at most this often. Default 250 ms. */
  emitDelayMs?: number;
  chatLimit?: { limit: number; windowMs: number };
  /** Who has chatted (this broadcast, ever): "a viewer's first message". None: kept in memory only. */
  firstChatters?: FirstChatters;
  /** OBS's events over obs-websocket: "OBS event" triggers. None: they never fire. */
  obsEvents?: ObsEventsSource;
  /** Whether a viewer follows the channel ("followers and above" commands). None: those commands refuse viewers without a higher role. */
  followers?: FollowerCheck;
  /** OBS's "back after N s" kept on disk while they wait; those an earlier process left are done at start. None: in memory only. */
  keptReverts?: KeptObsReverts;
  /** A kept revert that cannot be done (OBS not connected) is tried again this often. Default 15 s. */
  keptRevertRetryMs?: number;
  /** ...and given up this long after its due time (no longer appropriate). Default 10 minutes. */
  keptRevertGiveUpMs?: number;
}

interface ActiveRun {
  record: RunRecord;
  automation: Automation;
  event: TriggerEvent;
  /** The run's first record on disk. */
  saved: Promise<void>;
}

/** What every step of one run shares. */
interface RunContext {
  id: string;
  event: TriggerEvent;
  /** The run itself: "run another automation" starts its child from it. */
  active: ActiveRun;
  viewerText: { withheld: readonly string[]; blockedTerms: readonly string[]; stripLinks: boolean };
  live: RunLiveFields;
}

/** The templates an action fills (their live fields are read before it runs). */
function templatesOf(step: AutomationStep): string[] {
  switch (step.kind) {
    case 'obsSetText':
    case 'chatMessage':
    case 'chatAnnouncement':
    case 'chatReply':
    case 'setStreamInfo':
      return [step.text];
    case 'moderateUser':
      return [step.reason];
    case 'marker':
      return [step.description];
    case 'showAlert':
      return step.alert.source === 'custom' ? [step.alert.text] : [];
    case 'variable':
      return step.op === 'set' ? [step.value] : [];
    default:
      return [];
  }
}

/** One queue: an automation's own, or a named queue its automations share (`queueName`). */
interface Lane {
  running: ActiveRun[];
  waiting: ActiveRun[];
}

/** The lane an automation's runs wait in: a named queue is shared, else the automation's own. */
const laneKey = (automation: Pick<Automation, 'id' | 'queueName'>) => (automation.queueName ? `queue:${automation.queueName.toLowerCase()}` : automation.id);

const iso = (ms: number) => new Date(ms).toISOString();

function words(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'Something went wrong inside Sidestage.';
}

export class AutomationsService extends Disposable {
  private readonly clock: Clock;
  private readonly changes = new Emitter<AutomationsState>();
  private readonly cooldowns: Cooldowns;
  private readonly pacer: ChatPacer;
  private readonly sleeper: Sleeper;
  private readonly lanes = new Map<string, Lane>();
  private readonly lastRunAt = new Map<string, number>();
  private readonly hotkeys = new Map<string, { accelerator: string; hotkey: GlobalHotkey }>();
  private readonly timers = new Map<string, { handle: unknown; messages: number; everyMs: number }>();
  /** What the automations said in chat: never read back as a command or counted for a timer. */
  private readonly ownChat: OwnChatGuard;
  private readonly scenes = new SceneRestoreStack();
  private readonly skips = new SkipCounts();
  private readonly trainLevels = new HypeTrainLevels();
  private readonly channelUpdates = new ChannelUpdateWatch();
  /** Chat lines read by other triggers than commands: a first message, the broadcaster's words. */
  private byChatLine: Automation[] = [];
  private wasLive = false;
  private keptDue: DueReverts<KeptObsRevert> | null = null;
  /** Without the kept file (tests): this process only. */
  private readonly firstChatters: FirstChatters;
  /** Each variable's value before its latest change ("reaches" fires on the way up past the value). */
  private readonly lastValues = new Map<string, number | string>();
  /** Runs started by a "variable reaches": their own changes never fire one (no loop through a counter). */
  private readonly reachRuns = new Set<string>();
  private byKind = new Map<ChannelEventKind, Automation[]>();
  /** Chat commands by their name: a chat message is read as a command once, whatever the number of commands. */
  private byCommand = new Map<string, Automation[]>();
  private subscribedKinds = '';
  private offEvents: Disposer | null = null;
  private adTimer: unknown = null;
  private emitTimer: unknown = null;
  /** From the clock, so a restarted main numbers past what a renderer kept of the one before. */
  private revision: number;
  private started = false;
  private closing = false;

  constructor(private readonly options: AutomationsServiceOptions) {
    super();
    this.clock = options.clock ?? systemClock;
    this.revision = this.clock.now();
    this.pacer = new ChatPacer({ clock: this.clock, ...options.chatLimit });
    this.sleeper = new Sleeper(this.clock);
    this.cooldowns = options.cooldowns ?? new Cooldowns();
    this.ownChat = new OwnChatGuard({ accounts: options.speakingAccounts, clock: this.clock });
    this.firstChatters = options.firstChatters ?? new FirstChatters();
    this.register(() => this.close());
    // A variable's new value shows in the Variables section as it changes, and may fire "reaches".
    if (options.variables) {
      for (const variable of options.variables.list()) this.lastValues.set(variable.name, variable.value);
      this.register(options.variables.onChangedBy(({ variable, key }) => this.onVariableChanged(variable, key)));
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wasLive = this.options.stream.getStatus().live;
    this.register(
      this.options.stream.onChange((status) => {
        // A new broadcast: everyone's next line is their first of it.
        if (status.live && !this.wasLive) this.firstChatters.newBroadcast();
        this.wasLive = status.live;
        this.scheduleTimers();
      }),
    );
    if (this.options.obsEvents) this.register(this.options.obsEvents.on((event) => this.onObsEvent(event)));
    this.resumeKeptReverts();
    this.register(this.options.ads.onChange(() => this.scheduleAdBreakSoon()));
    this.follow();
  }

  getState(): AutomationsState {
    const automations = this.options.store.list();
    return {
      revision: this.revision,
      loaded: true,
      problem: null,
      paused: this.options.store.isPaused(),
      automations,
      statuses: automations.map((a) => this.statusOf(a)),
      runs: this.options.ledger.list(),
      variables: [...(this.options.variables?.definitions() ?? [])],
      templates: starterTemplates.map(({ id, name, description }) => ({ id, name, description })),
      testMode: this.options.tester ? 'simulation' : 'sample',
      hotkeysUnavailable: this.options.shortcuts.unavailable ?? null,
    };
  }

  onChange(listener: (state: AutomationsState) => void): Disposer {
    return this.changes.on(listener);
  }

  /**
   * Whether an automation that is on fulfils or cancels every redemption of this reward by itself
   * (its trigger takes any input, its first resolve step says which): the redemption's toast then
   * offers no Fulfil/Cancel.
   */
  resolvesRedemption(rewardId: string): 'fulfil' | 'cancel' | null {
    for (const automation of this.byKind.get('redemption') ?? []) {
      const { trigger } = automation;
      if (trigger.kind !== 'redemption' || trigger.inputMatch || (trigger.rewardId !== null && trigger.rewardId !== rewardId)) continue;
      const resolve = automation.actions.find((a) => a.kind === 'resolveRedemption');
      if (resolve?.kind === 'resolveRedemption') return resolve.status;
    }
    return null;
  }

  /** Runs waiting or running, in all automations (the benchmark watches it stay bounded). */
  queueDepth(): number {
    let depth = 0;
    for (const lane of this.lanes.values()) depth += lane.running.length + lane.waiting.length;
    return depth;
  }

  // ---------- editing ----------

  async save(input: AutomationInput): Promise<{ state: AutomationsState; id: string }> {
    if (input.id !== undefined && !this.options.store.get(input.id)) throw new AppError('invalid_argument', 'That automation no longer exists: it may have been deleted.');
    if (input.trigger.kind === 'hotkey') {
      const parsed = parseAccelerator(input.trigger.accelerator);
      if (!parsed.ok) throw new AppError('invalid_argument', `The hotkey is not valid: ${parsed.reason}`);
      input = { ...input, trigger: { kind: 'hotkey', accelerator: parsed.accelerator } };
    }
    const saved = await this.options.store.save(input);
    this.follow();
    return { state: this.getState(), id: saved.id };
  }

  async createFromTemplate(templateId: string): Promise<{ state: AutomationsState; id: string }> {
    const template = starterTemplates.find((t) => t.id === templateId);
    if (!template) throw new AppError('invalid_argument', 'There is no such starter automation.');
    const context = await this.options.templateContext().catch(() => ({ rewards: [], scenes: [] }));
    // The variables it counts with, made first (one already there is kept as it is).
    for (const { name, initial } of template.variables ?? []) if (this.options.variables && !this.options.variables.get(name)) await this.options.variables.define(name, initial);
    return this.save(template.make(context));
  }

  async duplicate(id: string): Promise<{ state: AutomationsState; id: string }> {
    const { id: _original, ...copy } = this.need(id);
    // Off until switched on: two copies acting on one event is rarely meant.
    return this.save({ ...copy, name: `${copy.name} (copy)`.slice(0, 80), enabled: false });
  }

  async setEnabled(id: string, enabled: boolean): Promise<AutomationsState> {
    await this.options.store.save({ ...this.need(id), enabled });
    this.follow();
    return this.getState();
  }

  async remove(id: string): Promise<AutomationsState> {
    this.need(id);
    await this.options.store.remove(id);
    this.cooldowns.forget(id);
    this.skips.forget(id);
    this.lastRunAt.delete(id);
    // Runs under way finish; an idle lane goes with the automation.
    for (const [key, lane] of this.lanes) if (lane.running.length === 0 && lane.waiting.length === 0) this.lanes.delete(key);
    this.follow();
    return this.getState();
  }

  async setPaused(paused: boolean): Promise<AutomationsState> {
    await this.options.store.setPaused(paused);
    this.changed();
    return this.getState();
  }

  async importJson(json: string): Promise<{ state: AutomationsState; imported: number; message: string }> {
    const incoming = parseAutomationsExport(json);
    // New ids (an import twice is two copies, never a silent replacement), switched off until checked.
    const automations = incoming.map((a) => ({ ...a, id: newAutomationId(), enabled: false }));
    await this.options.store.add(automations);
    this.follow();
    const n = automations.length;
    const message = n === 0 ? 'The file has no automations.' : `Imported ${n} automation${n === 1 ? '' : 's'}, switched off: check each and switch it on.`;
    return { state: this.getState(), imported: n, message };
  }

  exportJson(ids?: readonly string[]): { json: string; fileName: string } {
    const all = this.options.store.list();
    const chosen = ids ? all.filter((a) => ids.includes(a.id)) : all;
    return exportAutomations(chosen, new Date(this.clock.now()));
  }

  async clearLog(): Promise<AutomationsState> {
    await this.options.ledger.clearFinished();
    this.skips.clear();
    this.changed();
    return this.getState();
  }

  obsChoices(): Promise<ObsChoices> {
    return this.options.obsChoices();
  }

  // ---------- variables ----------

  async defineVariable(name: string, initial: number | string, value?: number | string): Promise<AutomationsState> {
    await this.needVariables().define(name, initial, value ?? this.options.variables?.get(name)?.value ?? initial);
    return this.getState();
  }

  async changeVariable(name: string, change: VariableChange): Promise<AutomationsState> {
    await this.needVariables().change(name, change);
    return this.getState();
  }

  async deleteVariable(name: string): Promise<AutomationsState> {
    await this.needVariables().remove(name);
    this.changed();
    return this.getState();
  }

  private needVariables(): VariableBook {
    if (!this.options.variables) throw new AppError('unavailable', 'Variables are not available in this version of Sidestage.');
    return this.options.variables;
  }

  // ---------- running by hand ----------

  /** The Run button: now, whatever the pause, cooldowns and conditions say. */
  run(id: string): AutomationsState {
    const automation = this.need(id);
    this.accept(automation, ownEvent(`manual:${randomUUID()}`, 'manual', 'Run button', 'manual'), true);
    return this.getState();
  }

  /**
   * A press from outside Sidestage (the control API): runs now, as the Run button does, and the run
   * log says who pressed (`summary`). `key` is the press's own id: the same key runs once (a deck
   * that sends its press again after a lost answer does not run it twice). Answers the run's id, or
   * the first run's when the key was seen already (null when that run has left the log).
   */
  runFrom(id: string, press: { key: string; summary: string }): { runId: string | null; again: boolean } {
    const automation = this.need(id);
    const eventId = `control:${press.key}`;
    if (this.options.ledger.has(automation.id, eventId)) {
      const first = this.options.ledger.list().find((run) => run.automationId === automation.id && run.event.id === eventId);
      return { runId: first?.id ?? null, again: true };
    }
    return { runId: this.accept(automation, ownEvent(eventId, 'manual', press.summary, 'manual'), true)?.id ?? null, again: false };
  }

  /**
   * Test: in demo mode, the trigger's event is made to happen on the practice platform (when the
   * automation is on and not paused, so the real path runs); otherwise a sample event runs it here.
   */
  async test(id: string): Promise<{ state: AutomationsState; message: string }> {
    const automation = this.need(id);
    const { tester } = this.options;
    if (tester && automation.enabled && !this.options.store.isPaused()) {
      try {
        const sent = await tester.send(automation);
        if (sent) return { state: this.getState(), message: `${sent} The run shows in the log when the event arrives.` };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.options.logger.info('automations: the practice platform refused a test; running a sample', { reason });
      }
    }
    this.accept(automation, sampleEvent(automation.trigger, new Date(this.clock.now())), true);
    return { state: this.getState(), message: 'Ran with a sample event: the run is in the log.' };
  }

  // ---------- following automations ----------

  /** After any change of the automations: listens to what they need, hotkeys, timers. */
  private follow(): void {
    if (this.closing) return;
    const byKind = new Map<ChannelEventKind, Automation[]>();
    const byCommand = new Map<string, Automation[]>();
    const byChatLine: Automation[] = [];
    for (const automation of this.options.store.list()) {
      if (!automation.enabled) continue;
      if (automation.trigger.kind === 'chatCommand') {
        const name = automation.trigger.command.toLowerCase();
        byCommand.set(name, [...(byCommand.get(name) ?? []), automation]);
      }
      if (automation.trigger.kind === 'firstMessage' || automation.trigger.kind === 'chatKeywords') byChatLine.push(automation);
      for (const kind of kindsOf(automation.trigger)) {
        const list = byKind.get(kind);
        if (list) list.push(automation);
        else byKind.set(kind, [automation]);
      }
    }
    this.byKind = byKind;
    this.byCommand = byCommand;
    this.byChatLine = byChatLine;
    const kinds = [...byKind.keys()].sort();
    const key = kinds.join(',');
    if (this.started && key !== this.subscribedKinds) {
      // The new subscription first: a kind wanted before and after is never dropped in between.
      const previous = this.offEvents;
      this.offEvents = kinds.length ? this.options.events.on(kinds, (event) => this.onEvent(event)) : null;
      previous?.();
      this.subscribedKinds = key;
    }
    if (this.started) {
      this.followHotkeys();
      this.scheduleTimers();
      this.scheduleAdBreakSoon();
    }
    this.changed();
  }

  private onEvent(event: ChannelEvent): void {
    if (this.closing) return;
    let automations = this.byKind.get(event.kind);
    // A train's many progress events within one level: only a new level is news (one rule with the alerts).
    if (event.kind === 'hypeTrainProgress' && !this.trainLevels.isNewLevel(event.trainId, event.level)) return;
    const facts: EventFacts = {};
    if (event.kind === 'chatMessage') {
      if (this.ownChat.isOwn({ messageId: event.messageId, userId: event.user.id, text: event.text })) return;
      for (const timer of this.timers.values()) timer.messages++;
      const command = parseCommand(event.text)?.command;
      const commands = command === undefined ? [] : (this.byCommand.get(command) ?? []);
      // Sidestage's own accounts (the bot's lines, whoever typed them) are never a viewer's first message or words.
      const own = event.roles.broadcaster || this.options.speakingAccounts.userIds().includes(event.user.id);
      // Decided once per line (and remembered) whatever the number of automations reading it.
      if (!own) facts.first = this.firstChatters.see(event.user.id);
      automations = this.byChatLine.length && !own ? [...commands, ...this.byChatLine] : commands;
    }
    if (event.kind === 'channelUpdate') facts.channelChanges = this.channelUpdates.see(event);
    if (!automations) return;
    for (const automation of automations) {
      const triggered = triggerEventFor(automation.trigger, event, facts);
      if (!triggered) continue;
      // Learned only by catching up after a gap: old news, unless the automation asks for it.
      if (triggered.source === 'caughtUp' && !automation.alsoMissed) continue;
      if (triggered.needsFollower) this.acceptIfFollower(automation, triggered);
      else this.accept(automation, triggered, false);
    }
  }

  /**
   * The "back after N s" an earlier process was waiting for when it quit: their switches join the
   * restore stack in the order they were made (so a run switched over another still goes back to
   * what the first replaced), and each is done at its due time, at once when it has passed.
   */
  private resumeKeptReverts(): void {
    const kept = this.options.keptReverts;
    if (!kept) return;
    const switches = new Map<string, SceneSwitch>();
    for (const revert of kept.fromEarlier()) {
      if (revert.kind !== 'scene') continue;
      const entry = this.scenes.push(revert.set, revert.previous);
      entry.keptId = revert.id;
      switches.set(revert.id, entry);
    }
    const { logger } = this.options;
    const giveUpMs = this.options.keptRevertGiveUpMs ?? 600_000;
    let chain: Promise<void> = Promise.resolve();
    this.keptDue = new DueReverts<KeptObsRevert>({
      clock: this.clock,
      list: () => kept.fromEarlier(),
      key: (revert) => revert.id,
      dueAt: (revert) => revert.dueAt,
      // One at a time, oldest first: a switch made over another is released after it, as the stack expects.
      run: (revert) => {
        const done = chain.then(async () => {
          const words = await this.doKeptRevert(revert, switches.get(revert.id));
          switches.delete(revert.id);
          kept.done(revert.id);
          logger.info(`automations: ${words}`);
        });
        chain = done.catch(() => {});
        return done;
      },
      retryMs: this.options.keptRevertRetryMs ?? 15_000,
      onError: (revert, error) => {
        if (this.clock.now() < revert.dueAt + giveUpMs) return logger.warn('automations: a change to put back could not be done yet; trying again', { error });
        logger.warn('automations: a change to put back was given up, long past its time', { error });
        const entry = switches.get(revert.id);
        if (entry) this.scenes.forget(entry);
        kept.done(revert.id);
      },
      logger,
    });
    this.register(() => this.keptDue?.dispose());
    this.keptDue.reschedule();
  }

  /** One kept revert of an earlier process, by the restore stack's rule; answers what it did in words. */
  private async doKeptRevert(revert: KeptObsRevert, entry: SceneSwitch | undefined): Promise<string> {
    const { obs } = this.options.ports;
    const timeoutMs = this.options.requestTimeoutMs ?? 20_000;
    if (revert.kind === 'source') {
      await bounded(this.clock, timeoutMs, obs.setSourceVisible(revert.sceneName, revert.sourceName, revert.visible), 'OBS');
      return `"${revert.sourceName}" ${revert.visible ? 'shown' : 'hidden'} again (its time passed while Sidestage was closed)`;
    }
    const now = await bounded(this.clock, timeoutMs, obs.currentScene(), 'OBS');
    if (!entry) return `left on "${now}"`;
    const above = this.scenes.above(entry);
    const release = this.scenes.release(entry, now);
    if (release.kind === 'covered') {
      if (above?.keptId) this.options.keptReverts?.inherit(above.keptId, above.previous);
      return `"${revert.set}" was covered by "${release.by}", which goes back in its turn`;
    }
    if (release.kind === 'chosen') return `left on "${release.now}", chosen meanwhile`;
    await bounded(this.clock, timeoutMs, obs.switchScene(release.to), 'OBS');
    return `back to "${release.to}" (its time passed while Sidestage was closed)`;
  }

  private onObsEvent(event: Parameters<Parameters<ObsEventsSource['on']>[0]>[0]): void {
    if (this.closing) return;
    for (const automation of this.options.store.list()) {
      if (!automation.enabled || automation.trigger.kind !== 'obsEvent') continue;
      const triggered = obsTriggerEvent(automation.trigger, event);
      if (triggered) this.accept(automation, triggered, false);
    }
  }

  /**
   * "Followers and above", from a viewer whose badges say no more: the platform is asked (cached a
   * short while) before the run; an answer that cannot be had is a skip that says why.
   */
  private acceptIfFollower(automation: Automation, event: TriggerEvent): void {
    const user = event.user;
    const check = this.options.followers;
    const skip = (words: string) => {
      this.skips.count(automation.id, 'condition', words, this.clock.now());
      this.options.ledger.markHandled(automation.id, event.id);
      this.changed();
    };
    if (!user) return;
    if (!check) return skip('Skipped: only followers and above may use it, and Sidestage cannot check who follows here.');
    check.follows(user.id).then(
      (follows) => {
        if (this.closing) return;
        if (follows) this.accept(automation, { ...event, needsFollower: false }, false);
        else skip(`Skipped: only followers and above may use it, and ${user.name || 'the viewer'} does not follow the channel.`);
      },
      (error: unknown) => {
        if (!this.closing) skip(`Skipped: Sidestage could not check whether ${user.name || 'the viewer'} follows: ${words(error)}`);
      },
    );
  }

  private followHotkeys(): void {
    const wanted = new Map<string, { automation: Automation; accelerator: string }>();
    for (const automation of this.options.store.list()) {
      if (automation.enabled && automation.trigger.kind === 'hotkey') wanted.set(automation.id, { automation, accelerator: automation.trigger.accelerator });
    }
    for (const [id, held] of this.hotkeys) {
      if (wanted.get(id)?.accelerator === held.accelerator) continue;
      held.hotkey.dispose();
      this.hotkeys.delete(id);
    }
    for (const [id, { accelerator }] of wanted) {
      if (this.hotkeys.has(id)) continue;
      const hotkey = new GlobalHotkey({
        registry: this.options.shortcuts,
        setting: { get: () => accelerator, set: () => {} },
        logger: this.options.logger,
        platform: this.options.keyboard ?? (process.platform === 'darwin' ? 'mac' : 'other'),
        clock: this.clock,
        onPress: () => {
          const automation = this.options.store.get(id);
          if (automation?.enabled) this.accept(automation, ownEvent(`hotkey:${randomUUID()}`, 'hotkey', `Hotkey ${hotkey.human(accelerator)} pressed`, 'live'), false);
        },
      });
      hotkey.start();
      this.hotkeys.set(id, { accelerator, hotkey });
    }
  }

  /** "Every N minutes while live": slots counted from the stream's start, each fired once. */
  private scheduleTimers(): void {
    for (const timer of this.timers.values()) if (timer.handle !== null) this.clock.clearTimeout(timer.handle);
    const status = this.options.stream.getStatus();
    const startedAt = status.live && status.startedAt ? Date.parse(status.startedAt) : NaN;
    const wanted = new Set<string>();
    for (const automation of this.options.store.list()) {
      if (!automation.enabled || automation.trigger.kind !== 'timer') continue;
      wanted.add(automation.id);
      const everyMs = automation.trigger.everyMinutes * 60_000;
      const timer = this.timers.get(automation.id);
      const state = timer && timer.everyMs === everyMs ? timer : { handle: null as unknown, messages: 0, everyMs };
      state.handle = null;
      this.timers.set(automation.id, state);
      if (Number.isNaN(startedAt)) continue;
      const now = this.clock.now();
      const slot = Math.floor(Math.max(0, now - startedAt) / everyMs) + 1;
      state.handle = this.clock.setTimeout(() => this.onTimer(automation.id, startedAt, slot), startedAt + slot * everyMs - now);
    }
    for (const id of [...this.timers.keys()]) if (!wanted.has(id)) this.timers.delete(id);
  }

  private onTimer(id: string, startedAt: number, slot: number): void {
    const automation = this.options.store.get(id);
    const timer = this.timers.get(id);
    if (!automation || automation.trigger.kind !== 'timer' || !timer) return;
    if (timer.messages >= automation.trigger.minChatMessages) {
      timer.messages = 0;
      this.accept(automation, ownEvent(`timer:${startedAt}:${slot}`, 'timer', `Every ${automation.trigger.everyMinutes} min while live`, 'live'), false);
    }
    this.scheduleTimers();
  }

  /** "N s before the next ad break", from the platform's schedule: once per break. */
  private scheduleAdBreakSoon(): void {
    if (this.adTimer !== null) this.clock.clearTimeout(this.adTimer);
    this.adTimer = null;
    const nextAdAt = Date.parse(this.options.ads.getState().schedule?.nextAdAt ?? '');
    if (Number.isNaN(nextAdAt)) return;
    const now = this.clock.now();
    let soonest = Infinity;
    for (const automation of this.options.store.list()) {
      if (!automation.enabled || automation.trigger.kind !== 'adBreakSoon') continue;
      const fireAt = nextAdAt - automation.trigger.secondsBefore * 1000;
      if (now >= nextAdAt) continue;
      if (now >= fireAt) {
        const left = Math.round((nextAdAt - now) / 1000);
        this.accept(automation, ownEvent(`ad-soon:${nextAdAt}`, 'adBreakSoon', `The next ad break is in ${left} s`, 'live', { seconds: String(left) }), false);
      } else soonest = Math.min(soonest, fireAt);
    }
    if (soonest !== Infinity) this.adTimer = this.clock.setTimeout(() => this.scheduleAdBreakSoon(), soonest - now);
  }

  /** "A variable reaches a value": fired when a counter goes from below the value to at least it. */
  private onVariableChanged(variable: AutomationVariable, key: string | null): void {
    const before = this.lastValues.get(variable.name);
    this.lastValues.set(variable.name, variable.value);
    this.changed();
    if (!this.started || typeof variable.value !== 'number') return;
    if (key !== null && this.reachRuns.has(key.slice(0, key.indexOf('@')))) return;
    for (const automation of this.options.store.list()) {
      const { trigger } = automation;
      if (!automation.enabled || trigger.kind !== 'variableReaches' || trigger.name !== variable.name) continue;
      if (variable.value < trigger.value || (typeof before === 'number' && before >= trigger.value)) continue;
      const event = ownEvent(`variable:${variable.name}:${variable.value}:${randomUUID()}`, 'variableReaches', `${variable.name} reached ${variable.value}`, 'live', {
        variable: variable.name,
        value: String(variable.value),
      });
      this.accept(automation, event, false);
    }
  }

  // ---------- runs ----------

  /** Decides what becomes of one trigger of one automation; records it at once. Answers the run when one was logged. */
  private accept(automation: Automation, event: TriggerEvent, explicit: boolean): RunRecord | null {
    if (this.closing) return null;
    const { ledger } = this.options;
    if (ledger.has(automation.id, event.id)) return null;
    const now = this.clock.now();
    const key = laneKey(automation);
    const lane = this.lanes.get(key) ?? { running: [], waiting: [] };
    this.lanes.set(key, lane);
    // A named queue is one at a time for all its automations: their steps never interleave.
    const busy = automation.queue === 'overlap' && !automation.queueName ? lane.running.length >= (this.options.maxOverlapping ?? 10) : lane.running.length > 0;
    let refusal = explicit ? null : this.refusal(automation, event, now);
    if (!refusal && busy && automation.queue === 'skipWhenBusy') refusal = { kind: 'busy', words: 'Skipped: the previous run is still going, and this automation skips when busy.' };
    if (!refusal && busy && lane.waiting.length >= (this.options.maxWaitingRuns ?? 20)) refusal = { kind: 'queueFull', words: `Skipped: ${lane.waiting.length} runs of this automation are already waiting.` };
    if (refusal && !explicit) {
      // Counted, not logged one by one: a command spammed on its cooldown would push every real run out of the log.
      this.skips.count(automation.id, refusal.kind, refusal.words, now);
      ledger.markHandled(automation.id, event.id);
      this.changed();
      return null;
    }
    const record = this.newRecord(automation, event, refusal ? 'skipped' : busy ? 'queued' : 'running', now);
    if (event.kind === 'variableReaches') this.reachRuns.add(record.id);
    if (refusal) {
      // The Run or Test button, refused while busy: the broadcaster asked, so the log says why.
      record.reason = refusal.words;
      record.endedAt = iso(now);
      for (const step of record.steps) step.status = 'notRun';
      ledger.add(record).catch((error: unknown) => this.options.logger.error('automations: could not write the run log', { error }));
      this.changed();
      return record;
    }
    if (!explicit) this.cooldowns.start(automation, event.user?.id ?? null, now);
    this.lastRunAt.set(automation.id, now);
    const active: ActiveRun = { record, automation, event, saved: ledger.add(record) };
    if (busy) {
      active.saved.catch((error: unknown) => this.options.logger.error('automations: could not write the run log', { error }));
      lane.waiting.push(active);
    } else {
      lane.running.push(active);
      void this.execute(active, lane, true);
    }
    this.changed();
    return record;
  }

  /**
   * "Run another automation": started with the same event, as its own run in its own queue (never
   * waited for: it may share this run's queue). Keyed for the exactly-once ledger on the calling
   * run and step, so a restart never runs it twice; at most `maxRunDepth` deep, and never an
   * automation already in the chain (a cycle).
   */
  private runFromAnother(caller: ActiveRun, step: string, automationId: string): string {
    const target = this.options.store.get(automationId);
    if (!target) throw new AppError('invalid_argument', 'Not run: that automation no longer exists.');
    const chain = [...(caller.event.chain ?? []), caller.automation.id];
    if (chain.includes(target.id)) {
      throw new AppError('invalid_argument', `Not run: "${target.name}" is already running in this chain (${chain.map((id) => this.options.store.get(id)?.name ?? id).join(' → ')}), and a cycle would never end.`);
    }
    if (chain.length >= maxRunDepth) throw new AppError('invalid_argument', `Not run: automations run one another at most ${maxRunDepth} deep.`);
    if (!target.enabled) throw new AppError('invalid_argument', `Not run: "${target.name}" is switched off.`);
    const event: TriggerEvent = { ...caller.event, id: `${caller.record.id}:${step}`, chain, summary: `From "${caller.automation.name}": ${caller.event.summary}`.slice(0, 200) };
    if (this.options.ledger.has(target.id, event.id)) return `"${target.name}" already ran for this`;
    const record = this.accept(target, event, true);
    return record ? `Started "${target.name}"${record.status === 'queued' ? ' (waiting in its queue)' : ''}` : `"${target.name}" was not started`;
  }

  /** Why this automation does not run for this event now, or null. */
  private refusal(automation: Automation, event: TriggerEvent, now: number): { kind: SkipKind; words: string } | null {
    if (this.options.store.isPaused()) return { kind: 'paused', words: 'Skipped: automations are paused.' };
    if (automation.conditions.onlyWhileLive && !this.options.stream.getStatus().live) return { kind: 'offline', words: 'Skipped: only while live, and the stream is offline.' };
    const rule = rulesRefusal(automation.conditions.rules, event);
    if (rule) return { kind: 'condition', words: `Skipped. ${rule}` };
    const cooldown = this.cooldowns.refusal(automation, event.user?.id ?? null, now);
    if (cooldown) return { kind: 'cooldown', words: `Skipped. ${cooldown}` };
    return null;
  }

  private newRecord(automation: Automation, event: TriggerEvent, status: RunRecord['status'], now: number): RunRecord {
    const running = status === 'running';
    return {
      id: randomUUID(),
      automationId: automation.id,
      automationName: automation.name,
      trigger: describeTrigger(automation.trigger),
      event: { id: event.id, kind: event.kind, summary: event.summary.slice(0, 200), source: event.source },
      status,
      reason: null,
      queuedAt: iso(now),
      startedAt: running ? iso(now) : null,
      endedAt: null,
      steps: automation.actions.map((action, i) => ({
        action: action.kind,
        summary: describeStep(action),
        status: running && i === 0 ? 'running' : 'waiting',
        startedAt: running && i === 0 ? iso(now) : null,
        endedAt: null,
        result: null,
        error: null,
      })),
    };
  }

  /** Never rejects: every outcome ends up in the run's record. */
  private async execute(active: ActiveRun, lane: Lane, startedAtOnce: boolean): Promise<void> {
    const { record, automation, event } = active;
    const { ledger, logger } = this.options;
    try {
      try {
        if (startedAtOnce) await active.saved;
        else {
          record.status = 'running';
          record.startedAt = iso(this.clock.now());
          record.steps[0]!.status = 'running';
          record.steps[0]!.startedAt = record.startedAt;
          await ledger.update(record);
        }
      } catch (error) {
        logger.error('automations: could not write the run log before a run', { error });
        this.finish(record, 'failed', 'Not run: Sidestage could not save its record of this run, so it could not make sure it runs only once. Is the disk full?');
        return;
      }
      let failed = 0;
      let stopped = false;
      // Every output may carry viewer text (chat, an announcement, an OBS text, a marker, an alert):
      // the first run after a sign-in reads the terms, the next ones have them.
      const viewerText = { withheld: event.withheld ?? [], blockedTerms: await this.blockedTerms(), stripLinks: automation.stripLinks };
      const requestTimeoutMs = this.options.requestTimeoutMs ?? 20_000;
      const run: RunContext = {
        id: record.id,
        event,
        active,
        viewerText,
        live: new RunLiveFields(
          { stream: () => this.options.stream.getStatus(), lookups: this.options.lookups ?? null, clock: this.clock, timeZone: this.options.timeZone },
          event,
          (work) => bounded(this.clock, requestTimeoutMs, work, 'The platform'),
        ),
      };
      for (const [i, action] of automation.actions.entries()) {
        const step = record.steps[i]!;
        if (stopped) {
          step.status = 'notRun';
          step.result = 'Not run: an earlier action failed.';
          continue;
        }
        if (i > 0) {
          step.status = 'running';
          step.startedAt = iso(this.clock.now());
          try {
            await ledger.update(record);
          } catch (error) {
            logger.error('automations: could not write the run log before a step', { error });
            step.status = 'failed';
            step.error = 'Not done: Sidestage could not save its record of this step. Is the disk full?';
            step.endedAt = iso(this.clock.now());
            failed++;
            stopped = true;
            continue;
          }
          this.changed();
        }
        try {
          step.result = await this.runStep(action, `${i}`, run, (result) => {
            step.result = result;
            ledger.update(record).catch((error: unknown) => logger.error('automations: could not write the run log', { error }));
            this.changed();
          });
          step.status = 'done';
        } catch (error) {
          // Closing: the run stays "running" on disk and is reported as interrupted at the next start.
          if (error instanceof ClosingError || this.closing) return;
          if (!(error instanceof AppError)) logger.error('automations: an action failed unexpectedly', { action: action.kind, error });
          step.status = 'failed';
          step.error = words(error);
          failed++;
          if (automation.stopOnError) stopped = true;
        }
        step.endedAt = iso(this.clock.now());
        this.changed();
      }
      const total = automation.actions.length;
      this.finish(record, failed ? 'failed' : 'done', failed ? `${failed} of ${total} action${total === 1 ? '' : 's'} failed.` : null);
    } finally {
      if (!this.closing) {
        lane.running.splice(lane.running.indexOf(active), 1);
        const next = lane.waiting.shift();
        if (next) {
          lane.running.push(next);
          void this.execute(next, lane, false);
        }
        this.changed();
      }
    }
  }

  /** The blocked terms in force; none when they cannot be read (the platform still enforces them in chat). */
  private async blockedTerms(): Promise<readonly string[]> {
    try {
      return (await this.options.blockedTerms?.()) ?? [];
    } catch (error) {
      this.options.logger.warn('automations: the blocked terms could not be read; viewer text is not filtered by them', { error });
      return [];
    }
  }

  /**
   * One step: an action (its live fields read first), or a branch whose chosen steps run in order.
   * `path` ("2.then.0") keys a variable's change, so a step changes it once per run.
   */
  private async runStep(step: AutomationStep, path: string, run: RunContext, progress: (result: string) => void): Promise<string> {
    const variables = this.options.variables ?? null;
    if (step.kind === 'if' || step.kind === 'random') {
      let chosen: AutomationStep[];
      let label: string;
      if (step.kind === 'if') {
        const context: RuleContext = { variable: (name) => variables?.get(name)?.value };
        if (step.rules.some((rule) => rule.field === 'target')) context.targetFound = (await run.live.lookUpTarget()).kind === 'found';
        const refusal = rulesRefusal(step.rules, run.event, context);
        chosen = refusal === null ? step.then : step.else;
        label = refusal === null ? 'then' : 'else';
      } else {
        const total = step.choices.reduce((sum, choice) => sum + choice.weight, 0);
        let roll = (this.options.random ?? Math.random)() * total;
        let index = step.choices.findIndex((choice) => (roll -= choice.weight) < 0);
        if (index === -1) index = step.choices.length - 1;
        chosen = step.choices[index]!.steps;
        label = `choice ${index + 1}`;
      }
      const done: string[] = [];
      const head = step.kind === 'if' ? (label === 'then' ? 'Then' : 'Else') : `Chose ${label}`;
      for (const [j, inner] of chosen.entries()) {
        try {
          done.push(await this.runStep(inner, `${path}.${label.replace(' ', '')}.${j}`, run, (result) => progress(`${head}: ${[...done, result].join('; ')}`)));
        } catch (error) {
          if (error instanceof ClosingError || this.closing) throw error;
          throw new AppError(error instanceof AppError ? error.code : 'internal', `${head}: ${[...done, `${describeStep(inner)} failed: ${words(error)}`].join('; ')}`);
        }
      }
      return `${head}: ${done.length ? done.join('; ') : 'nothing to do'}`;
    }
    const { fields: live, problems } = await run.live.fieldsFor(templatesOf(step));
    const fields = { ...(variables?.templateFields() ?? {}), ...live, ...run.event.fields };
    const result = await runAction(step, {
      event: run.event,
      ports: this.options.ports,
      clock: this.clock,
      pacer: this.pacer,
      sleeper: this.sleeper,
      requestTimeoutMs: this.options.requestTimeoutMs ?? 20_000,
      viewerText: run.viewerText,
      progress,
      ownChat: this.ownChat,
      scenes: this.scenes,
      fields,
      random: this.options.random,
      variables,
      stepKey: `${run.id}@${path}`,
      live: run.live,
      ownAccounts: () => this.options.speakingAccounts.userIds(),
      kept: this.options.keptReverts,
      runAutomation: async (automationId) => this.runFromAnother(run.active, path, automationId),
    });
    return problems.length ? `${result} (${problems.join(' ')})` : result;
  }

  private finish(record: RunRecord, status: 'done' | 'failed', reason: string | null): void {
    this.reachRuns.delete(record.id);
    record.status = status;
    record.reason = reason;
    record.endedAt = iso(this.clock.now());
    for (const step of record.steps) if (step.status === 'waiting') step.status = 'notRun';
    this.options.ledger.update(record).catch((error: unknown) => this.options.logger.error('automations: could not write the run log', { error }));
    this.changed();
  }

  // ---------- state ----------

  private statusOf(automation: Automation): AutomationStatus {
    const lane = this.lanes.get(laneKey(automation));
    const last = this.lastRunAt.get(automation.id);
    const mine = (runs: readonly ActiveRun[] | undefined) => runs?.reduce((n, run) => n + (run.automation.id === automation.id ? 1 : 0), 0) ?? 0;
    return {
      id: automation.id,
      running: mine(lane?.running),
      queued: mine(lane?.waiting),
      lastRunAt: last === undefined ? null : iso(last),
      skipped: this.skips.of(automation.id),
      hotkeyError: this.hotkeys.get(automation.id)?.hotkey.getState().error ?? null,
    };
  }

  private need(id: string): Automation {
    const automation = this.options.store.get(id);
    if (!automation) throw new AppError('invalid_argument', 'That automation no longer exists: it may have been deleted.');
    return automation;
  }

  private changed(): void {
    this.revision++;
    if (this.emitTimer !== null || this.closing) return;
    this.emitTimer = this.clock.setTimeout(() => {
      this.emitTimer = null;
      this.cooldowns.prune(this.clock.now());
      this.changes.fire(this.getState());
    }, this.options.emitDelayMs ?? 250);
  }

  private close(): void {
    this.closing = true;
    this.offEvents?.();
    this.offEvents = null;
    for (const { hotkey } of this.hotkeys.values()) hotkey.dispose();
    this.hotkeys.clear();
    for (const timer of this.timers.values()) if (timer.handle !== null) this.clock.clearTimeout(timer.handle);
    this.timers.clear();
    if (this.adTimer !== null) this.clock.clearTimeout(this.adTimer);
    if (this.emitTimer !== null) this.clock.clearTimeout(this.emitTimer);
    this.sleeper.close();
    this.pacer.dispose();
    this.changes.dispose();
  }
}
