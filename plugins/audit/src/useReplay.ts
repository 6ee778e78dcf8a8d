import { useCallback, useEffect, useRef, useState } from 'react';
import { framesUntil, type Cast } from './asciicast';

export interface ReplayControls {
  playing: boolean;
  /** Seconds into the recording. */
  time: number;
  speed: number;
  ended: boolean;
  play: () => void;
  pause: () => void;
  seek: (time: number) => void;
  setSpeed: (speed: number) => void;
}

/** Where the frames go: a terminal that can be cleared and written to. */
export interface FrameSink {
  reset: () => void;
  write: (text: string) => void;
}

/**
 * The replay clock as a headless hook: plays the cast's frames into `sink` at `speed`, pauses, seeks
 * (a seek back redraws from the start, a seek forward writes the frames in between) and stops at the end.
 */
export function useReplay(cast: Cast | null, sink: FrameSink | null): ReplayControls {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [speed, setSpeed] = useState(1);
  const written = useRef(0);
  const clock = useRef({ time: 0 });

  const moveTo = useCallback(
    (target: number) => {
      if (!cast || !sink) return;
      const due = framesUntil(cast, target);
      if (due < written.current) {
        sink.reset();
        written.current = 0;
      }
      const text = cast.frames
        .slice(written.current, due)
        .map((frame) => frame[1])
        .join('');
      if (text) sink.write(text);
      written.current = due;
      clock.current.time = target;
      setTime(target);
    },
    [cast, sink],
  );

  useEffect(() => {
    if (!playing || !cast) return;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      const next = Math.min(cast.duration, clock.current.time + ((now - last) / 1000) * speed);
      last = now;
      moveTo(next);
      if (next >= cast.duration) setPlaying(false);
    }, 40);
    return () => window.clearInterval(timer);
  }, [playing, speed, cast, moveTo]);

  const ended = cast !== null && time >= cast.duration;
  return {
    playing,
    time,
    speed,
    ended,
    play: () => {
      if (ended) moveTo(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    seek: (target) => moveTo(Math.max(0, Math.min(cast?.duration ?? 0, target))),
    setSpeed,
  };
}
