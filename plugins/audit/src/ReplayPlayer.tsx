import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Slider } from 'primereact/slider';
import { Http, TerminalScreen, useService, useT } from '@bastion/sdk';
import { parseAsciicast, type Cast } from './asciicast';
import { replayInfoUrl } from './terminalApi';
import { useReplay, type FrameSink } from './useReplay';

const SPEEDS = [0.5, 1, 2, 4, 8];

const clockText = (seconds: number): string => {
  const whole = Math.floor(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

type Load = { status: 'loading' } | { status: 'ready'; cast: Cast } | { status: 'failed'; text: string };

/**
 * Plays a session's asciicast replay inside the console (docs/terminal.md#replays): xterm.js draws the
 * terminal, useReplay keeps the clock; play/pause, speed, a time bar to seek and the elapsed/total time.
 */
export default function ReplayPlayer({ sessionId }: { sessionId: string }) {
  const http = useService(Http);
  const t = useT();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [sink, setSink] = useState<FrameSink | null>(null);
  const cast = load.status === 'ready' ? load.cast : null;
  const replay = useReplay(cast, sink);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const info = await http.get<{ src: string }>(replayInfoUrl(sessionId), { silent: true });
        const body = await http.get<unknown>(info.src, { silent: true });
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        if (live) setLoad({ status: 'ready', cast: parseAsciicast(text) });
      } catch {
        if (live) setLoad({ status: 'failed', text: t('replay.unavailable') });
      }
    })();
    return () => {
      live = false;
    };
  }, [http, sessionId, t]);

  if (load.status === 'failed') return <p className="text-color-secondary">{load.text}</p>;
  if (!cast) return <i className="pi pi-spin pi-spinner" aria-label={t('replay.loading')} />;
  return (
    <div className="flex flex-column gap-2" data-testid="replay-player">
      <TerminalScreen
        cols={cast.width}
        rows={cast.height}
        className="overflow-auto"
        // The player draws into the terminal once it is open; a disposed one (null) takes no more frames.
        onTerminal={setSink}
      />
      <div className="flex align-items-center gap-3 flex-wrap">
        <Button
          icon={replay.playing ? 'pi pi-pause' : 'pi pi-play'}
          aria-label={t(replay.playing ? 'replay.pause' : 'replay.play')}
          data-testid="replay-toggle"
          onClick={replay.playing ? replay.pause : replay.play}
        />
        <Slider
          className="flex-1"
          style={{ minWidth: '12rem' }}
          min={0}
          max={Math.max(1, Math.ceil(cast.duration * 10))}
          value={Math.round(replay.time * 10)}
          onChange={(event) => replay.seek(Number(event.value) / 10)}
          aria-label={t('replay.timeBar')}
        />
        <span data-testid="replay-time" className="white-space-nowrap">
          {clockText(replay.time)} / {clockText(cast.duration)}
        </span>
        <Dropdown
          value={replay.speed}
          options={SPEEDS.map((speed) => ({ label: `${speed}×`, value: speed }))}
          onChange={(event) => replay.setSpeed(Number(event.value))}
          aria-label={t('replay.speed')}
        />
        {replay.ended ? (
          <span data-testid="replay-ended" className="text-green-600">
            {t('replay.ended')}
          </span>
        ) : null}
      </div>
    </div>
  );
}
