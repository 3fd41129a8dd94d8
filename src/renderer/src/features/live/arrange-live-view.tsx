import { useState } from 'react';
import { ActionError } from '../../components/action-error';
import { Sheet } from '../../components/sheet';
import { store, useSidestage } from '../../store';
import { selectLiveView } from '../../store/live-view-slice';
import { KeyLegend } from './quick-actions-section';
import { TileChooser } from './tile-chooser';

/** The Live view's Arrange: which tiles show and their order, how chat and activity share a dock, the keys. */
export function ArrangeLiveView() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="quiet live-arrange" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Arrange
      </button>
      <Sheet open={open} title="Arrange the Live view" onClose={() => setOpen(false)}>
        <TileChooser />
        <FeedChoice />
        <p className="muted small arrange-keys">
          <KeyLegend />
        </p>
        <ActionError action="liveView.save" what="Not saved" />
      </Sheet>
    </>
  );
}

function FeedChoice() {
  const layout = useSidestage((state) => selectLiveView(state).feedLayout);
  const choose = (feedLayout: 'tabs' | 'split') => void store.getState().changeLiveView({ feedLayout });
  return (
    <fieldset className="options">
      <legend>Chat and activity in a dock</legend>
      <label>
        <input type="radio" name="feed-layout" checked={layout === 'tabs'} onChange={() => choose('tabs')} />
        Tabs: one at a time, with the most room
      </label>
      <label>
        <input type="radio" name="feed-layout" checked={layout === 'split'} onChange={() => choose('split')} />
        Both: activity above chat
      </label>
      <p className="muted small">A window wider than 960 px shows both beside the tiles.</p>
    </fieldset>
  );
}
