import { useId, type ReactNode } from 'react';
import { useSearchParams } from '../routing/navigation.tsx';

interface EmptyScopeProps {
  /** What was counted and the scope in words: "No entries match …". */
  sentence: ReactNode;
  /** The scope's search. */
  node: unknown;
  /** The query editor's address with the scope's search. */
  editorHref: string;
}

/**
 * A scope matching nothing: said in words, with the search to edit. With scripts, "Edit the search"
 * opens the query editor; without, where the editor cannot run, it leads to the search itself
 * under the message, a form sent by GET that redraws this chart over the search as edited.
 */
export function EmptyScope({ sentence, node, editorHref }: EmptyScopeProps) {
  const [params] = useSearchParams();
  const id = useId();
  const formId = `${id}-edit`;
  const text = JSON.stringify(node, null, 2);
  return (
    <div className="ps-scope-empty" data-testid="scope-empty">
      <p role="status">
        {sentence}{' '}
        <a className="ps-scripted" href={editorHref}>
          Edit the search
        </a>
        <a className="ps-unscripted" href={`#${formId}`}>
          Edit the search
        </a>{' '}
        {/* Without scripts, clearing is the one change the scope above can make. */}
        <span className="ps-scripted">or change it above.</span>
        <span className="ps-unscripted">or clear it above.</span>
      </p>
      <form method="get" id={formId} className="ps-scope-edit ps-unscripted">
        {[...params].map(([name, value], i) =>
          name === 'query' ? null : <input key={`${name}-${i}`} type="hidden" name={name} value={value} />,
        )}
        <label htmlFor={`${id}-query`}>The search (JSON, as the search API reads it)</label>
        <textarea
          id={`${id}-query`}
          name="query"
          rows={Math.min(16, text.split('\n').length)}
          spellCheck={false}
          defaultValue={text}
        />
        <button type="submit" className="ps-button">
          Redraw the chart
        </button>
      </form>
    </div>
  );
}
