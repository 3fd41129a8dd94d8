/**
 * An alert type's variations in the editor: an ordered list, each a condition (at least / below the
 * type's figure, a tier, anonymous or not, a reward) and its own text, duration, image, sound, volume
 * and speech. The first whose condition holds plays (main decides, `alert-rules.ts`); the list is
 * saved whole with the type.
 */
import { alertMinimumUnits, alertTemplateProblem } from '../../../../shared/domain/alert-template';
import { MAX_ALERT_VARIATIONS, type AlertCondition, type AlertKind, type AlertTypeSettings, type AlertVariation, type MediaItem, resolvedAlertStyle } from '../../../../shared/ipc/contract';
import { AlertLookEditor } from './alert-look-editor';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { useSidestage } from '../../store';
import { DraftInput, wholeNumberProblem } from './draft-input';
import { mediaOptions } from './media-options';

const tierKinds: readonly AlertKind[] = ['subscription', 'resubscription', 'giftSubscriptions'];
const anonymousKinds: readonly AlertKind[] = ['cheer', 'giftSubscriptions'];
const tierOptions = [
  { value: '', label: 'Any tier' },
  { value: '1000', label: 'Tier 1' },
  { value: '2000', label: 'Tier 2' },
  { value: '3000', label: 'Tier 3' },
  { value: 'prime', label: 'Prime' },
] as const;

function newVariationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new variation: the type's own look, for any event until its condition is set. */
export function newVariation(type: AlertTypeSettings, index: number): AlertVariation {
  return {
    id: newVariationId(),
    name: `Variation ${index + 1}`,
    when: { atLeast: null, below: null, tier: null, anonymous: null, rewardId: null },
    template: type.template,
    durationMs: type.durationMs,
    imageId: type.imageId,
    soundId: type.soundId,
    volume: type.volume,
    speak: type.speak,
    style: {},
  };
}

/** "" or a figure of 0 or more (an empty field: no bound). */
function boundProblem(draft: string): string | null {
  return draft.trim() === '' || (Number.isFinite(Number(draft)) && Number(draft) >= 0) ? null : 'Enter 0 or more, or leave it empty.';
}

export function AlertVariationsEditor({ kind, type, media, disabled, save }: { kind: AlertKind; type: AlertTypeSettings; media: readonly MediaItem[]; disabled: boolean; save(variations: AlertVariation[]): void }) {
  const rewards = useSidestage((s) => s.rewards?.rewards ?? s.queueRewards);
  const list = type.variations;
  const unit = alertMinimumUnits[kind];
  const change = (index: number, changes: Partial<AlertVariation>) => save(list.map((v, i) => (i === index ? { ...v, ...changes } : v)));
  const when = (index: number, changes: Partial<AlertCondition>) => change(index, { when: { ...list[index]!.when, ...changes } });
  const move = (index: number, by: -1 | 1) => {
    const next = [...list];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    save(next);
  };
  return (
    <fieldset className="options alert-variations">
      <legend>Variations (the first that matches plays)</legend>
      {list.map((variation, index) => (
        <div key={variation.id} className="stack alert-variation" data-variation-id={variation.id}>
          <label className="field">
            <span className="field-label">Name</span>
            <DraftInput type="text" maxLength={60} saved={variation.name} onCommit={(name) => change(index, { name })} />
          </label>
          {unit ? (
            <>
              <label className="field">
                <span className="field-label">When at least ({unit})</span>
                <DraftInput type="number" min={0} saved={variation.when.atLeast === null ? '' : String(variation.when.atLeast)} problem={boundProblem} onCommit={(d) => when(index, { atLeast: d.trim() === '' ? null : Number(d) })} />
              </label>
              <label className="field">
                <span className="field-label">And below ({unit})</span>
                <DraftInput type="number" min={0} saved={variation.when.below === null ? '' : String(variation.when.below)} problem={boundProblem} onCommit={(d) => when(index, { below: d.trim() === '' ? null : Number(d) })} />
              </label>
            </>
          ) : null}
          {tierKinds.includes(kind) ? <Select label="Tier" value={variation.when.tier ?? ''} options={tierOptions} onChange={(tier) => when(index, { tier: tier === '' ? null : tier })} /> : null}
          {anonymousKinds.includes(kind) ? (
            <Select
              label="Who"
              value={variation.when.anonymous === null ? '' : String(variation.when.anonymous)}
              options={[
                { value: '', label: 'Anyone' },
                { value: 'true', label: 'Anonymous only' },
                { value: 'false', label: 'Named only' },
              ]}
              onChange={(v) => when(index, { anonymous: v === '' ? null : v === 'true' })}
            />
          ) : null}
          {kind === 'redemption' ? (
            <Select label="Reward" value={variation.when.rewardId ?? ''} options={[{ value: '', label: 'Any reward' }, ...rewards.map((r) => ({ value: r.id, label: r.title }))]} onChange={(id) => when(index, { rewardId: id || null })} />
          ) : null}
          <label className="field">
            <span className="field-label">Text</span>
            <DraftInput type="text" maxLength={200} saved={variation.template} problem={(d) => alertTemplateProblem(kind, d)} onCommit={(template) => change(index, { template })} />
          </label>
          <label className="field">
            <span className="field-label">Shown for (seconds)</span>
            <DraftInput type="number" min={1} max={60} saved={String(variation.durationMs / 1000)} problem={wholeNumberProblem(1, 60)} onCommit={(d) => change(index, { durationMs: Number(d) * 1000 })} />
          </label>
          <Select label="Image, GIF or video" value={variation.imageId ?? ''} options={mediaOptions(media, 'visual', variation.imageId)} onChange={(id) => change(index, { imageId: id || null })} />
          <Select label="Sound" value={variation.soundId ?? ''} options={mediaOptions(media, 'sound', variation.soundId)} onChange={(id) => change(index, { soundId: id || null })} />
          <label className="field">
            <span className="field-label">Volume (%)</span>
            <DraftInput type="number" min={0} max={100} step={5} saved={String(Math.round(variation.volume * 100))} problem={wholeNumberProblem(0, 100)} onCommit={(d) => change(index, { volume: Number(d) / 100 })} />
          </label>
          <Switch checked={variation.speak} disabled={disabled} onChange={(speak) => change(index, { speak })}>
            Speak the viewer’s message
          </Switch>
          <AlertLookEditor style={resolvedAlertStyle(type.style, variation.style)} disabled={disabled} save={(changes) => change(index, { style: { ...variation.style, ...changes } })} />
          {Object.keys(variation.style).length > 0 ? (
            <button type="button" className="button" disabled={disabled} onClick={() => change(index, { style: {} })}>
              Use the type’s look
            </button>
          ) : null}
          <div className="row">
            <button type="button" className="button" disabled={disabled || index === 0} onClick={() => move(index, -1)}>
              Up
            </button>
            <button type="button" className="button" disabled={disabled || index === list.length - 1} onClick={() => move(index, 1)}>
              Down
            </button>
            <button type="button" className="button" disabled={disabled} onClick={() => save(list.filter((_, i) => i !== index))}>
              Remove {variation.name || 'variation'}
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="button" disabled={disabled || list.length >= MAX_ALERT_VARIATIONS} onClick={() => save([...list, newVariation(type, list.length)])}>
        Add a variation
      </button>
    </fieldset>
  );
}
