import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** How long a playing map shows each year at least: about a year a second. */
const PLAY_STEP_MS = 1000;

/**
 * The year a playing map shows after `year`: the first year after all years (or before the first),
 * the next one after a year, none after the last.
 */
export function nextPlayYear(year: number | undefined, first: number, last: number): number | undefined {
  if (year === undefined || year < first) return first;
  return year < last ? year + 1 : undefined;
}

/** The year Play starts from: the next one, or the first again when the last is shown. */
export function playStart(year: number | undefined, first: number, last: number): number {
  return nextPlayYear(year, first, last) ?? first;
}

export interface YearPlayOptions {
  /** The year shown (none: all years). */
  year: number | undefined;
  first: number;
  last: number;
  /** The shown year's counts have arrived: a step waits for them, so that no year goes by unseen. */
  ready: boolean;
  /** Shows a year: `push` for Play's first step only (one Back returns to before Play), else replaced. */
  show: (year: number, push: boolean) => void;
}

/**
 * Steps through the years while playing: one step a second at most, each once the year shown has its
 * counts, stopping on the last year. Play's first step is at once.
 */
export function useYearPlay({ year, first, last, ready, show }: YearPlayOptions) {
  const [playing, setPlaying] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (!playing || !ready) return;
    const next = nextPlayYear(year, first, last);
    if (next === undefined) return;
    const wait = Math.max(0, shownAt.current + PLAY_STEP_MS - Date.now());
    const timer = setTimeout(() => {
      shownAt.current = Date.now();
      show(next, false);
      if (next >= last) setPlaying(false);
    }, wait);
    return () => clearTimeout(timer);
  }, [playing, ready, year, first, last, show]);

  const play = () => {
    const start = playStart(year, first, last);
    shownAt.current = Date.now();
    show(start, true);
    setPlaying(start < last);
  };
  const pause = () => setPlaying(false);
  return { playing, play, pause };
}

const noSubscription = () => () => {};

/** True once the page runs its scripts (false in the server's markup and while hydrating). */
function useScripted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Play/Pause: a button whose name says what it does. Only where scripts run (it is not in the
 * server's markup): a page read without them keeps the form's Show button.
 */
export function PlayButton({
  playing,
  onPlay,
  onPause,
}: {
  playing: boolean;
  onPlay: () => void;
  onPause: () => void;
}) {
  const scripted = useScripted();
  if (!scripted) return null;
  return (
    <button type="button" className="ps-button ps-map-play" onClick={playing ? onPause : onPlay}>
      <span aria-hidden="true" className="ps-map-play-icon">
        {playing ? '❚❚' : '▶'}
      </span>{' '}
      {playing ? 'Pause' : 'Play'}
    </button>
  );
}
