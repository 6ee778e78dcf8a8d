// `first-view-bench.mjs --trace DIR`: where the page's main thread goes between the navigation and the first
// rows, from a Chromium trace (CDP Tracing, the DevTools timeline and V8 categories) of the users list opened
// directly. It prints the main thread's time by kind of work (script compile, script evaluation, function calls
// and microtasks, style, layout, paint, garbage collection, HTML parsing …), the scripts that cost the most to
// compile and run, the long tasks (≥ 50 ms) with what they were doing, and React's commits before the rows
// (counted by a minimal React DevTools hook that the bench installs only in this mode).

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/**
 * Counts React's commits with their times, as React DevTools' global hook receives them (React calls the hook
 * in production builds too). Installed before any script of the page runs.
 */
export const COMMIT_HOOK_SCRIPT = `(() => {
  const commits = [];
  window.__benchCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
    onCommitFiberRoot() { commits.push(performance.now()); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();`;

/** Starts a trace of the whole browser through the page's CDP session; `stop()` answers its events. */
export async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      return events;
    },
  };
}

/** The renderer main thread that parsed the page at `pagePath`: [pid, tid]. */
function pageMainThread(events, pagePath) {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const parse = events.find(
    (e) =>
      e.name === 'ParseHTML' && mains.has(`${e.pid}:${e.tid}`) && e.args?.beginData?.url?.includes(pagePath),
  );
  if (!parse) throw new Error(`no renderer main thread parsed ${pagePath}`);
  return { pid: parse.pid, tid: parse.tid };
}

const short = (url = '') =>
  url
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/ui\//, '')
    .replace(/-[0-9a-f]{12}(\.js|\.css)/, '$1') || '(inline)';

/** Kind of main-thread work of a trace event, for the breakdown. */
function kindOf(name) {
  if (/^v8\.compile|^V8\.Compile|^v8\.parse|CompileCode|^V8\.Parse/i.test(name)) return 'script compile';
  if (name === 'EvaluateScript' || name === 'v8.evaluateModule') return 'script evaluation';
  if (/GC|MinorGC|MajorGC|BlinkGC|V8\.GC/i.test(name)) return 'garbage collection';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ScheduleStyleRecalculation')
    return 'style';
  if (name === 'Layout' || name === 'UpdateLayer' || name === 'LayoutShift') return 'layout';
  if (/Paint|Layerize|Commit|Composite|RasterTask/i.test(name)) return 'paint/composite';
  if (name === 'ParseHTML') return 'HTML parsing';
  if (name === 'ParseAuthorStyleSheet') return 'CSS parsing';
  if (
    /FunctionCall|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|XHR|v8\.callFunction|V8\.Execute/.test(
      name,
    )
  )
    return 'script (calls, microtasks)';
  return `other: ${name}`;
}

/**
 * Prints the breakdown of the main thread between `from` and `to` (epoch ms), given the page's timeOrigin
 * (epoch ms) and the commit times React reported (ms since timeOrigin).
 */
export function printTraceBreakdown(events, { pagePath, timeOrigin, from, to, commits }) {
  const { pid, tid } = pageMainThread(events, pagePath);
  const nav = events.find(
    (e) =>
      e.pid === pid &&
      e.name === 'navigationStart' &&
      e.args?.data?.documentLoaderURL?.includes(pagePath) &&
      e.args?.data?.isLoadingMainFrame,
  );
  if (!nav) throw new Error('no navigationStart of the page in the trace');
  // Trace time (µs) of an epoch millisecond: navigationStart is the page's timeOrigin.
  const traceTs = (epochMs) => nav.ts + (epochMs - timeOrigin) * 1000;
  const t0 = Math.min(traceTs(from), nav.ts);
  const t1 = traceTs(to);
  const ms = (us) => `${(us / 1000).toFixed(1).padStart(7)} ms`;

  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts + e.dur > t0 && e.ts < t1)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Exclusive (self) time of each event: its duration less its children's, clipped to the window.
  const clip = (e) => Math.max(0, Math.min(e.ts + e.dur, t1) - Math.max(e.ts, t0));
  const stack = [];
  const selfOf = new Map();
  const parentOf = new Map();
  for (const e of main) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    selfOf.set(e, clip(e));
    if (parent) {
      parentOf.set(e, parent);
      selfOf.set(parent, selfOf.get(parent) - clip(e));
    }
    stack.push(e);
  }
  const tasks = main.filter((e) => !parentOf.has(e) && /RunTask|ThreadControllerImpl::RunTask/.test(e.name));
  const busy = tasks.reduce((s, e) => s + clip(e), 0);

  const byKind = new Map();
  for (const [e, us] of selfOf) {
    if (/RunTask/.test(e.name)) continue; // a task's own time outside any traced work: 'task overhead'
    const kind = kindOf(e.name);
    byKind.set(kind, (byKind.get(kind) ?? 0) + us);
  }
  const traced = [...byKind.values()].reduce((s, v) => s + v, 0);
  byKind.set('(in tasks, untraced)', busy - traced);

  console.log(
    `\nusers list, direct URL — main thread from the navigation to the rows: ${ms(t1 - t0)} wall, ` +
      `${ms(busy)} in tasks`,
  );
  for (const [kind, us] of [...byKind].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= 1000))
    console.log(`  ${ms(us)}  ${kind}`);

  // Scripts: compile (self) and evaluation/calls (inclusive, outermost per script).
  const perScript = new Map();
  const add = (url, key, us) => {
    const s = perScript.get(short(url)) ?? { compile: 0, run: 0 };
    s[key] += us;
    perScript.set(short(url), s);
  };
  for (const e of main) {
    const url = e.args?.data?.url ?? e.args?.url ?? e.args?.fileName;
    if (kindOf(e.name) === 'script compile') add(url, 'compile', selfOf.get(e));
    else if (e.name === 'EvaluateScript' || e.name === 'FunctionCall') {
      let outer = true;
      for (let p = parentOf.get(e); p; p = parentOf.get(p))
        if (
          (p.name === 'EvaluateScript' || p.name === 'FunctionCall') &&
          short(p.args?.data?.url) === short(url)
        )
          outer = false;
      if (outer) add(url, 'run', clip(e));
    }
  }
  console.log('  scripts (compile self time; evaluation and calls of its functions, inclusive):');
  for (const [url, s] of [...perScript]
    .sort((a, b) => b[1].compile + b[1].run - a[1].compile - a[1].run)
    .slice(0, 15))
    console.log(`  ${ms(s.compile)} compile ${ms(s.run)} run  ${url}`);

  console.log('  long tasks (≥ 50 ms), ms from the navigation:');
  for (const task of tasks.filter((e) => clip(e) >= 50_000)) {
    const inside = main.filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e !== task);
    const top = new Map();
    for (const e of inside) top.set(kindOf(e.name), (top.get(kindOf(e.name)) ?? 0) + selfOf.get(e));
    const parts = [...top]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`)
      .join(', ');
    const first = inside.find((e) => e.args?.data?.url || e.args?.data?.functionName);
    const what = first ? short(first.args.data.url) : '';
    console.log(`  ${ms(task.ts - nav.ts)} +${ms(clip(task))}  ${parts}  ${what}`);
  }
  const fromNav = (epochMs) => epochMs - timeOrigin;
  const before = commits.filter((c) => c <= fromNav(to));
  console.log(
    `  React commits before the rows: ${before.length} (at ${before.map((c) => c.toFixed(0)).join(', ')} ms); ` +
      `rows at ${fromNav(to).toFixed(0)} ms`,
  );
}

// Run on its own with a trace the bench wrote: prints its breakdown again.
if (process.argv[1] === import.meta.filename) {
  const { readFileSync } = await import('node:fs');
  const { traceEvents, metadata } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  printTraceBreakdown(traceEvents, metadata.benchWindow);
}
