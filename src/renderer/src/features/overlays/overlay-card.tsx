import { useId, useState, type ReactNode } from 'react';
import type { OverlayInfo } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { Select } from '../../components/select';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';

/** The URL as shown: its token hidden (it is the secret part), the whole URL copied. */
function maskedOverlayUrl(url: string): string {
  return url.replace(/token=[^&]*/, 'token=••••••');
}

function openIn(count: number): string {
  if (count === 0) return 'Not open anywhere';
  return count === 1 ? 'Open in 1 place' : `Open in ${count} places`;
}

/** One overlay: its URL (Copy), Add to OBS, a live preview, and Reset the link. */
export function OverlayCard({ overlay, children }: { overlay: OverlayInfo; children?: ReactNode }) {
  const copied = useSidestage((s) => s.overlayCopied?.key === overlay.key);
  const adding = useSidestage((s) => selectAction(`overlays.addToObs.${overlay.key}`)(s));
  const resetting = useSidestage((s) => selectAction(`overlays.resetLink.${overlay.key}`)(s).pending);
  const notice = useSidestage((s) => (s.overlayNotice?.key === overlay.key ? s.overlayNotice.text : null));
  const [preview, setPreview] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const { copyOverlayUrl, addOverlayToObs, resetOverlayLink } = store.getState();
  const titleId = `overlay-${overlay.key.replace('/', '-')}`;
  return (
    <article className="overlay-card" aria-labelledby={titleId} data-overlay={overlay.key}>
      <header className="overlay-card-head">
        <h4 id={titleId}>{overlay.title}</h4>
        <span className="muted small" data-testid="overlay-pages">
          {openIn(overlay.pagesOpen)}
        </span>
      </header>
      {overlay.url ? (
        <p className="overlay-url mono small" title="The link OBS needs; its token is hidden here.">
          {maskedOverlayUrl(overlay.url)}
        </p>
      ) : (
        <p className="muted small">No URL while the overlay server is not running.</p>
      )}
      <div className="button-row">
        <button type="button" className="primary" disabled={!overlay.url} onClick={() => void copyOverlayUrl(overlay.key)}>
          {copied ? 'Copied' : 'Copy URL'}
        </button>
        <button type="button" disabled={!overlay.url || adding.pending} onClick={() => void addOverlayToObs(overlay.key)}>
          Add to OBS
        </button>
        <button type="button" className="quiet" aria-pressed={preview} disabled={!overlay.url} onClick={() => setPreview(!preview)}>
          Preview
        </button>
      </div>
      <ActionError action={`overlays.copy.${overlay.key}`} what="Not copied" />
      {adding.error ? (
        <div className="action-error" role="alert">
          <p>
            <strong>Not added to OBS.</strong> {adding.error}
          </p>
          <div className="button-row">
            <button type="button" onClick={() => void copyOverlayUrl(overlay.key)}>
              {copied ? 'Copied' : 'Copy URL instead'}
            </button>
            <button type="button" className="quiet" onClick={() => store.getState().dismissError(`overlays.addToObs.${overlay.key}`)}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
      {notice ? (
        <p className="muted small" role="status">
          {notice}
        </p>
      ) : null}
      <CustomCss overlayKey={overlay.key} />
      {preview && overlay.url ? (
        <div className="overlay-preview">
          <iframe title={`${overlay.title} preview`} src={`${overlay.url}&preview=1`} sandbox="allow-scripts allow-same-origin" referrerPolicy="no-referrer" />
        </div>
      ) : null}
      {children}
      <div className="button-row">
        {confirmReset ? (
          <>
            <button
              type="button"
              className="danger"
              disabled={resetting}
              onClick={() => {
                setConfirmReset(false);
                void resetOverlayLink(overlay.key);
              }}
            >
              Reset: the old URL stops working
            </button>
            <button type="button" className="quiet" onClick={() => setConfirmReset(false)}>
              Keep the link
            </button>
          </>
        ) : (
          <button type="button" className="quiet" onClick={() => setConfirmReset(true)}>
            Reset the link
          </button>
        )}
      </div>
      <ActionError action={`overlays.resetLink.${overlay.key}`} what="The link was not reset" />
    </article>
  );
}

/** The redemption overlay's choice: the queue's oldest, or one the broadcaster picks. */
export function RedemptionPick() {
  const items = useSidestage((s) => s.queue?.items);
  const picked = useSidestage((s) => s.overlays?.pickedRedemptionId ?? null);
  const options = [{ value: '', label: 'The oldest in the queue' }, ...(items ?? []).slice(0, 50).map((r) => ({ value: r.id, label: `${r.rewardTitle}: ${r.userName}` }))];
  return (
    <>
      <Select
        label="On screen"
        value={picked ?? ''}
        options={options}
        onChange={(value) => void store.getState().pickRedemptionOnScreen(value === '' ? null : value)}
        hint="The redemption the overlay shows, with the viewer’s text."
      />
      <ActionError action="overlays.redemption" what="Not put on screen" />
    </>
  );
}

/** The overlay's custom CSS, saved when the field is left; main says why it refuses one. */
function CustomCss({ overlayKey }: { overlayKey: string }) {
  const saved = useSidestage((s) => s.overlays?.customCss[overlayKey] ?? '');
  const id = useId();
  return (
    <details className="overlay-custom-css">
      <summary>Custom CSS</summary>
      <label className="field-label" htmlFor={id}>
        CSS for this overlay (nothing from other sites: no @import, no outside url())
      </label>
      <textarea
        id={id}
        key={saved}
        defaultValue={saved}
        rows={6}
        spellCheck={false}
        onBlur={(e) => {
          if (e.currentTarget.value !== saved) void store.getState().setOverlayCustomCss(overlayKey, e.currentTarget.value);
        }}
      />
      <ActionError action={`overlays.css.${overlayKey}`} what="Custom CSS not saved" />
    </details>
  );
}
