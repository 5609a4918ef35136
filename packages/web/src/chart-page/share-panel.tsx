import { useEffect, useId, useState } from 'react';
import { copyText } from './clipboard.ts';
import { embedSnippet } from './share.ts';
import './share.css';

export interface SharePanelProps {
  /** The page's address as it is now (its whole state is in the URL). */
  link: string;
  /** The embeddable copy of the page, same state. */
  embedUrl: string;
  title: string;
}

/** A read-only text to copy, with its copy button and a message saying whether it was copied. */
function CopyField({ label, text, multiline }: { label: string; text: string; multiline?: boolean }) {
  const id = useId();
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 4000);
    return () => clearTimeout(timer);
  }, [status]);
  const copy = () =>
    copyText(text).then(
      () => setStatus('Copied'),
      (e: unknown) => setStatus(`Not copied (${(e as Error).message}); select the text and copy it.`),
    );
  const select = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    event.currentTarget.select();
  return (
    <div className="ps-share-field">
      <label htmlFor={id}>{label}</label>
      <div className="ps-share-row">
        {multiline ? (
          <textarea id={id} readOnly value={text} rows={4} onFocus={select} />
        ) : (
          <input id={id} readOnly value={text} onFocus={select} />
        )}
        <button type="button" className="ps-button" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p role="status" className="ps-share-status">
        {status}
      </p>
    </div>
  );
}

/** The link to the chart as shown, and the HTML that embeds it in another page. */
export function SharePanel({ link, embedUrl, title }: SharePanelProps) {
  return (
    <div className="ps-share" data-testid="share-panel">
      <CopyField label="Link to this view" text={link} />
      <CopyField label="Embed in a web page" text={embedSnippet(embedUrl, title)} multiline />
      <p className="ps-share-note">
        The embedded chart keeps this view (data view, variant, hidden series, scale); a click on a bar opens
        its search in a new tab.{' '}
        <a href={embedUrl} target="_blank" rel="noopener noreferrer">
          Preview the embedded chart
        </a>
      </p>
    </div>
  );
}
