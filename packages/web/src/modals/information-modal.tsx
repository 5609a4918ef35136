import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useDataQuery } from '../data/data-context.tsx';

/** Links in notes open in a new tab without access to this page. */
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Sanitizes stats notes: no scripts, no event handlers, no javascript: links. */
function sanitizeNotes(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}

/** Body of the information modal: the stats notes of a chart, sanitized with DOMPurify. */
export default function InformationModalBody({ chartKey }: { chartKey: string | undefined }) {
  const { stats_notes } = useDataQuery();
  const html = useMemo(
    () => sanitizeNotes((chartKey && stats_notes[chartKey]) || ''),
    [chartKey, stats_notes],
  );
  if (!html) return <p>No notes for this chart.</p>;
  return <div className="ps-stats-notes" dangerouslySetInnerHTML={{ __html: html }} />;
}
