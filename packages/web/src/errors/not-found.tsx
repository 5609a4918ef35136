import { Link } from '../routing/navigation.tsx';
import { NOT_FOUND_TEXT } from './messages.ts';

const [BEFORE, AFTER] = NOT_FOUND_TEXT.split('Statistics homepage') as [string, string];

/** The not-found page; its text is the existing app's, word for word, with the homepage as a link. */
export function NotFoundContent() {
  return (
    <section className="ps-page ps-not-found" aria-labelledby="ps-not-found-title">
      <h1 id="ps-not-found-title">Page not found</h1>
      <p className="ps-not-found-text">
        {BEFORE}
        <Link to="/">Statistics homepage</Link>
        {AFTER}
      </p>
    </section>
  );
}
