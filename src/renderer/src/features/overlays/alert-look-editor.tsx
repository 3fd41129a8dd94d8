/**
 * An alert's look in the editor: where it sits (an anchor and an offset), where its image goes, its
 * font, size, colours, outline and shadow, and how it comes and goes. Each field is checked by the
 * schema main checks with (`alertStyleSchema`), so its words are the ones shown under the field.
 */
import { useId } from 'react';
import { alertAnchors, alertLayouts, alertMotions, alertStyleSchema, bundledFonts, genericFontFamilies, type AlertStyle } from '../../../../shared/ipc/contract';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { DraftInput } from './draft-input';

const anchorNames: Record<AlertStyle['anchor'], string> = {
  'top-left': 'Top left',
  top: 'Top centre',
  'top-right': 'Top right',
  left: 'Middle left',
  centre: 'Centre',
  right: 'Middle right',
  'bottom-left': 'Bottom left',
  bottom: 'Bottom centre',
  'bottom-right': 'Bottom right',
};
const layoutNames: Record<AlertStyle['layout'], string> = { 'image-above': 'Image above the text', 'image-left': 'Image left of the text', 'image-right': 'Image right of the text', 'image-behind': 'Image behind the text' };
const motionNames: Record<AlertStyle['entrance'], string> = {
  fade: 'Fade',
  'slide-from-top': 'Slide, top',
  'slide-from-bottom': 'Slide, bottom',
  'slide-from-left': 'Slide, left',
  'slide-from-right': 'Slide, right',
  pop: 'Pop',
  bounce: 'Bounce',
  none: 'None',
};
const optionsOf = <T extends string>(values: readonly T[], names: Record<T, string>) => values.map((value) => ({ value, label: names[value] }));

/** The schema's words for one field's value; null when it holds. */
function fieldProblem<K extends keyof AlertStyle>(field: K, value: unknown): string | null {
  const result = alertStyleSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'That value cannot be used.');
}
const numberProblem = (field: 'offsetX' | 'offsetY' | 'fontSizePx' | 'outlinePx') => (draft: string) => (draft.trim() === '' ? 'Enter a number.' : fieldProblem(field, Number(draft)));

function NumberField({ label, field, style, save }: { label: string; field: 'offsetX' | 'offsetY' | 'fontSizePx' | 'outlinePx'; style: AlertStyle; save(changes: Partial<AlertStyle>): void }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <DraftInput type="number" step={1} saved={String(style[field])} problem={numberProblem(field)} onCommit={(d) => save({ [field]: Number(d) })} />
    </label>
  );
}

function ColourField({ label, field, style, save }: { label: string; field: 'textColour' | 'outlineColour'; style: AlertStyle; save(changes: Partial<AlertStyle>): void }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <DraftInput type="text" maxLength={7} spellCheck={false} saved={style[field]} problem={(d) => fieldProblem(field, d.trim())} onCommit={(d) => save({ [field]: d.trim().toLowerCase() })} />
    </label>
  );
}

export function AlertLookEditor({ style, save, disabled }: { style: AlertStyle; save(changes: Partial<AlertStyle>): void; disabled: boolean }) {
  const fontHintId = useId();
  const fontListId = useId();
  return (
    <fieldset className="options alert-look">
      <legend>Look and motion</legend>
      <Select label="Position" value={style.anchor} options={optionsOf(alertAnchors, anchorNames)} disabled={disabled} onChange={(anchor) => save({ anchor })} />
      <div className="row">
        <NumberField label="Move right (px)" field="offsetX" style={style} save={save} />
        <NumberField label="Move down (px)" field="offsetY" style={style} save={save} />
      </div>
      <Select label="Layout" value={style.layout} options={optionsOf(alertLayouts, layoutNames)} disabled={disabled} onChange={(layout) => save({ layout })} />
      <label className="field">
        <span className="field-label">Font</span>
        <DraftInput
          type="text"
          maxLength={60}
          list={fontListId}
          aria-describedby={fontHintId}
          saved={style.font ?? ''}
          problem={(d) => (d.trim() === '' ? null : fieldProblem('font', d))}
          onCommit={(d) => save({ font: d.trim() === '' ? null : d.trim() })}
          hint={(_draft, problem) => (
            <p id={fontHintId} className={problem ? 'error-text small' : 'muted small'}>
              {problem ?? `Empty: the overlays’ own. Bundled with Sidestage: ${bundledFonts.join(', ')}. Or a font on this computer by name (Segoe UI), or ${genericFontFamilies.join(', ')}.`}
            </p>
          )}
        />
        <datalist id={fontListId}>
          {[...bundledFonts, ...genericFontFamilies].map((font) => (
            <option key={font} value={font} />
          ))}
        </datalist>
      </label>
      <div className="row">
        <NumberField label="Text size (px)" field="fontSizePx" style={style} save={save} />
        <ColourField label="Text colour" field="textColour" style={style} save={save} />
      </div>
      <div className="row">
        <NumberField label="Outline (px)" field="outlinePx" style={style} save={save} />
        <ColourField label="Outline colour" field="outlineColour" style={style} save={save} />
      </div>
      <Switch checked={style.shadow} disabled={disabled} onChange={(shadow) => save({ shadow })}>
        Shadow under the text
      </Switch>
      <div className="row">
        <Select label="Entrance" value={style.entrance} options={optionsOf(alertMotions, motionNames)} disabled={disabled} onChange={(entrance) => save({ entrance })} />
        <Select label="Exit" value={style.exit} options={optionsOf(alertMotions, motionNames)} disabled={disabled} onChange={(exit) => save({ exit })} hint="With reduced motion: a fade (none stays none)." />
      </div>
    </fieldset>
  );
}
