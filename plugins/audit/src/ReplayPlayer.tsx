import { useEffect, useRef, useState } from 'react';
import { Terminal } from '@xterm/xterm';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Slider } from 'primereact/slider';
import { Http, useService, useT } from '@bastion/sdk';
import { parseAsciicast, type Cast } from './asciicast';
import { replayInfoUrl } from './terminalApi';
import { useReplay, type FrameSink } from './useReplay';

const SPEEDS = [0.5, 1, 2, 4, 8];

/** What xterm needs of its stylesheet: the helper textarea stays invisible, rows keep their height. */
const XTERM_STYLE = `
.replay-screen .xterm { position: relative; padding: 6px; }
.replay-screen .xterm-helpers { position: absolute; top: 0; z-index: 5; }
.replay-screen .xterm-helper-textarea { position: absolute; opacity: 0; left: -9999em; width: 0; height: 0; }
.replay-screen .xterm-viewport { overflow-y: hidden; }
.replay-screen .xterm-rows { white-space: pre; line-height: normal; }
.replay-screen .xterm-char-measure-element { position: absolute; visibility: hidden; top: 0; left: -9999em; }
`;

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
  const screen = useRef<HTMLDivElement>(null);
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

  useEffect(() => {
    if (!cast || !screen.current) return;
    const terminal = new Terminal({
      cols: cast.width,
      rows: cast.height,
      disableStdin: true,
      convertEol: false,
    });
    terminal.open(screen.current);
    setSink({ reset: () => terminal.reset(), write: (text) => terminal.write(text) });
    return () => {
      setSink(null);
      terminal.dispose();
    };
  }, [cast]);

  if (load.status === 'failed') return <p className="text-color-secondary">{load.text}</p>;
  if (!cast) return <i className="pi pi-spin pi-spinner" aria-label={t('replay.loading')} />;
  return (
    <div className="flex flex-column gap-2" data-testid="replay-player">
      <style>{XTERM_STYLE}</style>
      <div ref={screen} className="replay-screen overflow-auto border-round" style={{ background: '#000' }} />
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
