import { useEffect, useId, useState } from 'react';
import type { ChannelInfo } from '../../../../shared/ipc/contract';
import { ActionError } from '../../components/action-error';
import { store, useSidestage } from '../../store';
import type { ChannelInfoChanges } from '../../store/slice-types/live';
import { selectAction } from '../../store/selectors';
import { CategoryCombobox } from './category-combobox';
import { chooseCategory } from './category-choice';

/** The channel's title, category, language, tags and branded-content flag (the Channel tile's sheet). */
export function ChannelInfoForm() {
  const info = useSidestage((state) => state.channelInfo);
  useEffect(() => {
    void store.getState().loadChannelInfo();
  }, []);
  if (!info) {
    return (
      <>
        <p className="muted">Loading channel info…</p>
        <ActionError action="channel.load" what="Could not read the channel" />
      </>
    );
  }
  // A new answer from main starts the form over from it.
  return <ChannelInfoEditor key={JSON.stringify(info)} info={info} />;
}

function ChannelInfoEditor({ info }: { info: ChannelInfo }) {
  const results = useSidestage((state) => state.categoryResults);
  const saving = useSidestage((state) => selectAction('channel.update')(state).pending);
  const [title, setTitle] = useState(info.title);
  const [category, setCategory] = useState({ id: info.categoryId, name: info.categoryName });
  const [categoryQuery, setCategoryQuery] = useState(info.categoryName);
  const [language, setLanguage] = useState(info.language);
  const [tags, setTags] = useState(info.tags.join(', '));
  const [branded, setBranded] = useState(info.isBrandedContent);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const ids = { title: useId(), category: useId(), categoryError: useId(), language: useId(), tags: useId() };

  const submit = () => {
    // A category is saved only as one the platform knows: a partial entry is refused, never dropped.
    const choice = chooseCategory(categoryQuery, category, results);
    if (!choice.ok) {
      setCategoryError(choice.reason);
      return;
    }
    const tagList = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const changes: ChannelInfoChanges = {};
    if (title !== info.title) changes.title = title;
    if (choice.id !== info.categoryId) changes.categoryId = choice.id;
    if (language !== info.language) changes.language = language;
    if (tagList.join(',') !== info.tags.join(',')) changes.tags = tagList;
    if (branded !== info.isBrandedContent) changes.isBrandedContent = branded;
    void store.getState().updateChannelInfo(changes);
  };

  return (
    <form
      className="options"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="options">
        <legend>Channel</legend>
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} type="text" maxLength={140} required value={title} onChange={(e) => setTitle(e.target.value)} />
        <label htmlFor={ids.category}>Category</label>
        <CategoryCombobox
          inputId={ids.category}
          text={categoryQuery}
          onText={(text) => {
            setCategoryQuery(text);
            setCategoryError(null);
          }}
          onChoose={(chosen) => {
            setCategory({ id: chosen.id, name: chosen.name });
            setCategoryQuery(chosen.name);
            setCategoryError(null);
          }}
          invalid={categoryError !== null}
          errorId={categoryError ? ids.categoryError : undefined}
        />
        {categoryError ? (
          <p className="error-text small" id={ids.categoryError} role="alert">
            {categoryError}
          </p>
        ) : null}
        <p className="muted small">Category in use: {category.name || 'none'}</p>
        <label htmlFor={ids.language}>Language (two letters, e.g. en)</label>
        <input id={ids.language} type="text" maxLength={5} value={language} onChange={(e) => setLanguage(e.target.value)} />
        <label htmlFor={ids.tags}>Tags (comma separated, up to 10)</label>
        <input id={ids.tags} type="text" value={tags} onChange={(e) => setTags(e.target.value)} />
        <label className="switch">
          <input type="checkbox" checked={branded} onChange={(e) => setBranded(e.target.checked)} />
          Branded content
        </label>
        <div className="button-row">
          <button type="submit" disabled={saving}>
            Save channel info
          </button>
        </div>
        <ActionError action="channel.update" what="Channel info not saved" />
        <ActionError action="channel.search" what="Could not search categories" />
      </fieldset>
    </form>
  );
}
