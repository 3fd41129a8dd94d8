/**
 * A stream widget's settings in its overlay card: which events the list shows and how many, which
 * latest or top supporter, the counter's variable and label, the timer's kind, length and label
 * (with Start, Pause and Reset), the credits' title and speed.
 */
import { alertKindNames } from '../../../../shared/domain/alert-template';
import { latestChoices, latestLabels, widgetRecentKinds, type WidgetId, type WidgetsState } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import { DraftInput, wholeNumberProblem } from './draft-input';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}

const numberHint = (_draft: string, why: string | null) => (why ? <p className="error-text small">{why}</p> : null);

export function WidgetSettings({ widget }: { widget: WidgetId }) {
  const widgets = useSidestage((s) => s.widgets);
  const pending = useSidestage((s) => selectAction('overlays.widgets')(s).pending);
  if (!widgets) return null;
  return (
    <div className="stack widget-settings" data-testid={`widget-settings-${widget}`}>
      <Settings widget={widget} widgets={widgets} pending={pending} />
      <ActionError action="overlays.widgets" what="The widget was not saved" />
    </div>
  );
}

function Settings({ widget, widgets, pending }: { widget: WidgetId; widgets: WidgetsState; pending: boolean }) {
  const { setWidget, widgetTimer } = store.getState();
  const { settings } = widgets;
  switch (widget) {
    case 'recent':
      return (
        <>
          <Field label="Events shown">
            <DraftInput type="number" min={1} max={50} saved={String(settings.recent.count)} problem={wholeNumberProblem(1, 50)} hint={numberHint} onCommit={(d) => void setWidget({ widget: 'recent', changes: { count: Number(d) } })} />
          </Field>
          <fieldset className="options">
            <legend>Which events</legend>
            {widgetRecentKinds.map((kind) => (
              <Switch
                key={kind}
                checked={settings.recent.kinds.includes(kind)}
                disabled={pending}
                onChange={(on) => void setWidget({ widget: 'recent', changes: { kinds: on ? [...settings.recent.kinds, kind] : settings.recent.kinds.filter((k) => k !== kind) } })}
              >
                {alertKindNames[kind]}
              </Switch>
            ))}
          </fieldset>
        </>
      );
    case 'latest':
      return (
        <Select
          label="Shows"
          value={settings.latest.which}
          options={latestChoices.map((value) => ({ value, label: latestLabels[value] }))}
          onChange={(which) => void setWidget({ widget: 'latest', changes: { which } })}
        />
      );
    case 'counter':
      return (
        <>
          {widgets.variables.length === 0 ? <p className="muted small">No automation variables yet: make one in Automations, then choose it here.</p> : null}
          <Select
            label="Variable"
            value={settings.counter.variable ?? ''}
            options={[{ value: '', label: 'None' }, ...widgets.variables.map((v) => ({ value: v.name, label: `${v.name} (${v.value})` }))]}
            onChange={(variable) => void setWidget({ widget: 'counter', changes: { variable: variable || null } })}
          />
          <Field label="Label">
            <DraftInput type="text" maxLength={60} saved={settings.counter.label} onCommit={(label) => void setWidget({ widget: 'counter', changes: { label } })} />
          </Field>
        </>
      );
    case 'timer': {
      const running = widgets.timer.runningSince !== null;
      return (
        <>
          <Select
            label="Kind"
            value={settings.timer.mode}
            options={[
              { value: 'countdown', label: 'Countdown' },
              { value: 'stopwatch', label: 'Stopwatch' },
            ]}
            onChange={(mode) => void setWidget({ widget: 'timer', changes: { mode } })}
          />
          {settings.timer.mode === 'countdown' ? (
            <Field label="Length (seconds)">
              <DraftInput type="number" min={1} max={86_400} saved={String(settings.timer.durationSeconds)} problem={wholeNumberProblem(1, 86_400)} hint={numberHint} onCommit={(d) => void setWidget({ widget: 'timer', changes: { durationSeconds: Number(d) } })} />
            </Field>
          ) : null}
          <Field label="Label">
            <DraftInput type="text" maxLength={60} saved={settings.timer.label} onCommit={(label) => void setWidget({ widget: 'timer', changes: { label } })} />
          </Field>
          <div className="button-row">
            <button type="button" disabled={pending} onClick={() => void widgetTimer(running ? 'pause' : 'start')}>
              {running ? 'Pause' : 'Start'}
            </button>
            <button type="button" disabled={pending} onClick={() => void widgetTimer('reset')}>
              Reset
            </button>
          </div>
        </>
      );
    }
    case 'credits':
      return (
        <>
          <Field label="Title">
            <DraftInput type="text" maxLength={60} saved={settings.credits.title} onCommit={(title) => void setWidget({ widget: 'credits', changes: { title } })} />
          </Field>
          <Field label="Speed (pixels a second)">
            <DraftInput type="number" min={10} max={400} saved={String(settings.credits.speed)} problem={wholeNumberProblem(10, 400)} hint={numberHint} onCommit={(d) => void setWidget({ widget: 'credits', changes: { speed: Number(d) } })} />
          </Field>
        </>
      );
  }
}
