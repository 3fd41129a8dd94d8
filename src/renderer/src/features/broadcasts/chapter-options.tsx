/** The optional chapters of a chapter export (raids, ad breaks, category changes), off until ticked: the Broadcasts panel's and the Markers panel's one set of checkboxes. */
import { optionalChapterKinds, type OptionalChapterKind } from '../../../../shared/domain/broadcast-story';
import './broadcasts.css';

const words: Record<OptionalChapterKind, string> = { raids: 'Raids', ads: 'Ad breaks', categories: 'Category changes' };

export function ChapterOptions({ include, onChange }: { include: readonly OptionalChapterKind[]; onChange: (include: OptionalChapterKind[]) => void }) {
  return (
    <fieldset className="story-chapter-options" data-testid="chapter-options">
      <legend className="small">Chapters besides the markers</legend>
      {optionalChapterKinds.map((kind) => (
        <label key={kind} className="small">
          <input type="checkbox" checked={include.includes(kind)} onChange={(e) => onChange(e.target.checked ? [...include, kind] : include.filter((k) => k !== kind))} /> {words[kind]}
        </label>
      ))}
    </fieldset>
  );
}
