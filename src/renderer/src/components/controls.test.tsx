import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Banner } from './banner';
import { ColorInput } from './color-input';
import { ConfirmDelete } from './confirm-delete';
import { NumberInput } from './number-input';
import { FormSection } from './form-section';
import { Select } from './select';
import { Switch } from './switch';
import { TextInput } from './text-input';

const noop = () => {};

describe('styled controls', () => {
  it('Switch is a switch named by its text, with its state', () => {
    const html = renderToStaticMarkup(
      <Switch checked onChange={noop}>
        Do not disturb
      </Switch>,
    );
    expect(html).toMatch(/<button[^>]*role="switch"[^>]*aria-checked="true"/);
    expect(html).toContain('Do not disturb');
    expect(renderToStaticMarkup(<Switch checked={false} onChange={noop}>x</Switch>)).toContain('aria-checked="false"');
  });

  it('NumberInput says its unit and ties it (and an error) to the number', () => {
    const html = renderToStaticMarkup(<NumberInput label="Cooldown" value="5" unit="minutes" onChange={noop} error="At most 7 days." />);
    const input = /<input[^>]*>/.exec(html)![0];
    const described = /aria-describedby="([^"]+)"/.exec(input)![1]!.split(' ');
    expect(described).toHaveLength(2);
    expect(html).toContain(`id="${described[0]}" class="unit">minutes<`);
    expect(html).toContain(`id="${described[1]}" class="error-text small" role="alert">At most 7 days.<`);
    expect(input).toContain('aria-invalid="true"');
    const labelFor = /<label for="([^"]+)"/.exec(html)![1];
    expect(input).toContain(`id="${labelFor}"`);
  });

  it('NumberInput can keep its name for screen readers only, and take fractions of its unit', () => {
    const html = renderToStaticMarkup(<NumberInput label="Cooldown in minutes" labelHidden value="2.5" step="any" unit="minutes" onChange={noop} />);
    expect(html).toMatch(/<label for="[^"]+" class="visually-hidden">Cooldown in minutes<\/label>/);
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('step="any"');
    expect(input).toContain('inputMode="decimal"');
    expect(renderToStaticMarkup(<NumberInput label="Slow mode" value="30" unit="seconds" onChange={noop} />)).toContain('class="field-label">Slow mode<');
  });

  it('NumberInput can offer its unit as a named select, the number then described by its error only', () => {
    const units = [{ value: 'seconds', label: 'seconds' }, { value: 'minutes', label: 'minutes' }] as const;
    const html = renderToStaticMarkup(<NumberInput label="Cooldown length" value="1" unit="seconds" unitChoices={units} unitLabel="Cooldown unit" onChange={noop} />);
    expect(html).toMatch(/<select[^>]*class="select unit-select" aria-label="Cooldown unit"/);
    expect(html).toContain('<option value="seconds" selected="">seconds</option>');
    expect(html).not.toContain('class="unit"');
    expect(/<input[^>]*>/.exec(html)![0]).not.toContain('aria-describedby');
    const failed = renderToStaticMarkup(<NumberInput label="Cooldown length" value="0" unit="seconds" unitChoices={units} onChange={noop} error="More than 0." />);
    const described = /<input[^>]*aria-describedby="([^"]+)"/.exec(failed)![1]!;
    expect(failed).toContain(`id="${described}" class="error-text small" role="alert">More than 0.<`);
  });

  it('Select is a labelled native select with its options', () => {
    const html = renderToStaticMarkup(
      <Select label="Colours" value="dark" options={[{ value: 'light', label: 'Light' }, { value: 'dark', label: 'Dark' }]} onChange={noop} />,
    );
    const labelFor = /<label for="([^"]+)"/.exec(html)![1];
    expect(html).toMatch(new RegExp(`<select id="${labelFor}"`));
    expect(html).toContain('<option value="dark" selected="">Dark</option>');
  });

  it('ColorInput shows the colour as a swatch and its code, the picker labelled', () => {
    const html = renderToStaticMarkup(<ColorInput label="Background" value="#9147ff" onChange={noop} />);
    expect(html).toContain('background:#9147ff');
    expect(html).toContain('#9147FF');
    const labelFor = /<label for="([^"]+)"/.exec(html)![1];
    expect(html).toMatch(new RegExp(`<input id="${labelFor}" type="color"`));
    expect(html).not.toContain('aria-hidden');
  });

  it('FormSection is a section named by its heading, not a boxed fieldset', () => {
    const html = renderToStaticMarkup(<FormSection title="Hotkeys">x</FormSection>);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<h3 id="${labelledBy}">Hotkeys</h3>`);
    expect(html).not.toContain('fieldset');
  });
  it('NumberInput takes a number as it is, and without a unit ties only its hint to it', () => {
    const html = renderToStaticMarkup(<NumberInput label="Bits at least" value={100} onChange={noop} hint="Cheers of fewer bits do not count." />);
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('value="100"');
    expect(input).toContain('inputMode="numeric"');
    expect(html).not.toContain('class="unit"');
    const described = /aria-describedby="([^"]+)"/.exec(input)![1]!;
    expect(html).toContain(`<p id="${described}" class="muted small">Cheers of fewer bits do not count.</p>`);
    expect(/<input[^>]*>/.exec(renderToStaticMarkup(<NumberInput label="Shown for" value={2.5} step={0.5} unit="seconds" onChange={noop} />))![0]).toContain('inputMode="decimal"');
  });

  it('TextInput is a labelled line, or a box, described by its hint', () => {
    const html = renderToStaticMarkup(<TextInput label="Command" value="!discord" maxLength={26} onChange={noop} hint="Like !discord" />);
    const labelFor = /<label for="([^"]+)"/.exec(html)![1];
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain(`id="${labelFor}"`);
    expect(input).toContain('type="text"');
    expect(input).toContain('maxLength="26"');
    const described = /aria-describedby="([^"]+)"/.exec(input)![1]!;
    expect(html).toContain(`<p id="${described}" class="muted small">Like !discord</p>`);
    const box = renderToStaticMarkup(<TextInput label="Message" value="Hi" multiline onChange={noop} />);
    expect(box).toMatch(/<textarea[^>]*rows="2"/);
    expect(box).not.toContain('aria-describedby');
  });

  it('ConfirmDelete asks in place, named by what it deletes, with Delete and Keep it', () => {
    const html = renderToStaticMarkup(
      <ConfirmDelete name="Hydrate" onDelete={noop} onKeep={noop}>
        Delete “Hydrate”?
      </ConfirmDelete>,
    );
    expect(html).toContain('role="alertdialog" aria-label="Delete Hydrate?"');
    expect(html).toContain('<p>Delete “Hydrate”?</p>');
    expect(html).toMatch(/<button type="button" class="danger">Delete<\/button><button type="button">Keep it<\/button>/);
  });

  it('Banner offers "Got it" only for a note that can be put away', () => {
    expect(renderToStaticMarkup(<Banner tone="info" onDismiss={noop}>Adopted</Banner>)).toContain('<button type="button" class="quiet">Got it</button>');
    expect(renderToStaticMarkup(<Banner tone="warning">Off</Banner>)).not.toContain('button');
  });
});
