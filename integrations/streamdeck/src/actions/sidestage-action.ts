/**
 * What every Sidestage key shares: it redraws from the link's state (only what changed is sent to
 * Stream Deck), answers its property inspector (pairing, the port, the list its dropdown offers) and
 * turns a failed press into the key's alert with the reason in the plugin's log.
 */
import streamDeck, { SingletonAction, type DidReceiveSettingsEvent, type KeyAction, type KeyDownEvent, type SendToPluginEvent, type WillAppearEvent, type WillDisappearEvent } from '@elgato/streamdeck';
import { z } from 'zod';
import type { KeyFace } from '../key-faces';
import { messageOf, type SidestageLink } from '../sidestage-link';

/** What a property inspector asks the plugin (`sendToPlugin`). */
export const inspectorRequestSchema = z.discriminatedUnion('request', [
  z.object({ request: z.literal('status') }),
  z.object({ request: z.literal('setPort'), port: z.coerce.number().int().min(1).max(65_535) }),
  z.object({ request: z.literal('pair') }),
  z.object({ request: z.literal('unpair') }),
  z.object({ request: z.literal('options') }),
]);

/** A key's settings as Stream Deck keeps them (JSON). */
export type JsonObject = WillAppearEvent['payload']['settings'];
/** Any JSON a property inspector sends or is sent. */
type JsonValue = Parameters<typeof streamDeck.ui.sendToPropertyInspector>[0];

export type InspectorOption = { value: string; label: string };

/** `Settings`: the key's settings as this action reads them from Stream Deck's JSON. */
export abstract class SidestageAction<Settings> extends SingletonAction {
  /** The face each visible key shows now, as sent: a redraw sends only a change. */
  private readonly shown = new Map<string, string>();
  private readonly settingsOf = new Map<string, Settings>();
  /** The link's problem as last told to the inspector. */
  private problemShown: string | null | undefined;

  constructor(protected readonly link: SidestageLink) {
    super();
    link.onChange(() => {
      this.redrawAll();
      // The open inspector hears at once when the link goes down or comes back (a revoked token says to pair again).
      if (link.problem !== this.problemShown && this.inspectorIsMine()) void this.sendStatus();
    });
    // Only the open inspector's action answers, once.
    link.onPairing(() => {
      if (this.inspectorIsMine()) void this.sendStatus();
    });
  }

  /** The key's face for its settings and the link's state now. */
  protected abstract face(settings: Settings): KeyFace;
  /** The press, with the key's settings; rejects in words. */
  protected abstract press(settings: Settings, action: KeyAction): Promise<void>;
  /** What the inspector's dropdown offers (the quick actions, scenes, automations or variables). */
  protected abstract options(): Promise<InspectorOption[]>;
  /** The key's settings as this action reads them (a damaged or foreign value is dropped). */
  protected abstract parseSettings(raw: JsonObject): Settings;
  /** Called when a key appears or its settings change: a key may read more (the scene list). */
  protected refresh(_settings: Settings): Promise<void> {
    return Promise.resolve();
  }

  override async onWillAppear(ev: WillAppearEvent): Promise<void> {
    const settings = this.parseSettings(ev.payload.settings);
    this.settingsOf.set(ev.action.id, settings);
    this.shown.delete(ev.action.id);
    await this.refresh(settings).catch((error: unknown) => streamDeck.logger.warn(`Sidestage: ${messageOf(error)}`));
    this.redraw(ev.action.id);
  }

  override onWillDisappear(ev: WillDisappearEvent): void {
    this.settingsOf.delete(ev.action.id);
    this.shown.delete(ev.action.id);
  }

  override async onDidReceiveSettings(ev: DidReceiveSettingsEvent): Promise<void> {
    const settings = this.parseSettings(ev.payload.settings);
    this.settingsOf.set(ev.action.id, settings);
    await this.refresh(settings).catch((error: unknown) => streamDeck.logger.warn(`Sidestage: ${messageOf(error)}`));
    this.redraw(ev.action.id);
  }

  override async onKeyDown(ev: KeyDownEvent): Promise<void> {
    const settings = this.parseSettings(ev.payload.settings);
    try {
      await this.press(settings, ev.action);
    } catch (error) {
      streamDeck.logger.warn(`Sidestage: the key could not be pressed: ${messageOf(error)}`);
      await ev.action.showAlert();
    }
  }

  override onSendToPlugin(ev: SendToPluginEvent<JsonValue, JsonObject>): Promise<void> {
    // One request at a time, in the order sent: "pair" right after "setPort" pairs with that port.
    const next = SidestageAction.inspectorQueue.then(() => this.answerInspector(ev));
    SidestageAction.inspectorQueue = next.catch((error: unknown) => {
      streamDeck.logger.warn(`Sidestage: ${messageOf(error)}`);
    });
    return SidestageAction.inspectorQueue;
  }

  private static inspectorQueue: Promise<void> = Promise.resolve();

  private async answerInspector(ev: SendToPluginEvent<JsonValue, JsonObject>): Promise<void> {
    const request = inspectorRequestSchema.safeParse(ev.payload);
    if (!request.success) return;
    switch (request.data.request) {
      case 'status':
        break;
      case 'setPort':
        await this.link.setPort(request.data.port);
        break;
      case 'pair':
        await this.link.pair();
        break;
      case 'unpair':
        await this.link.unpair();
        break;
      case 'options':
        try {
          await streamDeck.ui.sendToPropertyInspector({ kind: 'options', items: await this.options() });
        } catch (error) {
          await streamDeck.ui.sendToPropertyInspector({ kind: 'options', items: [], problem: messageOf(error) });
        }
        return;
    }
    await this.sendStatus();
  }

  private inspectorIsMine(): boolean {
    return streamDeck.ui.action?.manifestId === this.manifestId;
  }

  /** Tells the open inspector how the link stands: the port, paired or not, the code to compare. */
  private async sendStatus(): Promise<void> {
    const pairing = this.link.pairing;
    this.problemShown = this.link.problem;
    await streamDeck.ui.sendToPropertyInspector({
      kind: 'status',
      port: this.link.port,
      paired: this.link.paired,
      problem: this.link.problem,
      pairing: pairing.status,
      code: pairing.status === 'waiting' ? pairing.code : null,
      message: pairing.status === 'failed' ? pairing.message : null,
    });
  }

  protected redrawAll(): void {
    for (const id of this.settingsOf.keys()) this.redraw(id);
  }

  private redraw(id: string): void {
    const settings = this.settingsOf.get(id);
    const key = this.actions.find((action) => action.id === id);
    if (!settings || !key?.isKey()) return;
    const face = this.face(settings);
    const text = JSON.stringify(face);
    if (this.shown.get(id) === text) return;
    this.shown.set(id, text);
    void key.setState(face.state).catch(() => undefined);
    void key.setTitle(face.title ?? undefined).catch(() => undefined);
  }
}
