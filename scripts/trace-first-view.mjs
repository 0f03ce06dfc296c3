// `node scripts/trace-first-view.mjs [--runs=N] [--pages=feed,profile] [--base=DIR]...`: the
// main thread's tasks of a member's first view, from Chrome's own trace, with no CPU slowdown and
// each task's time multiplied by four (Lighthouse's mobile CPU), so a busy box's waits for a CPU
// do not count as they do in Lighthouse's simulated run (docs/decisions/045, 049).
//
// Each --base is a folder holding a build (its dist/, package.json and server/db/migrations): the
// demo community runs from each, and the builds are traced in turn, page by page, so an old and a
// new build are compared in the same minutes. Without --base the current folder's build is traced.
// Per page and build it prints the largest task, the second, the blocking time summed as
// Lighthouse does (each task's time over 50 ms, from the first paint on; and over all tasks, as
// Lighthouse's simulation may place a task before the first paint after it) and, with --details,
// what ran in the largest tasks. TRACE_CATEGORIES replaces the trace's categories (add
// disabled-by-default-v8.compile to see V8 parse again for source positions); TRACE_DUMP=file
// keeps the last trace's events. A folder made for --base needs node_modules beside its dist/.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startServer } from './bench-lib.mjs';

const SLOWDOWN = 4;
const MEMBER = { email: 'daniel.reyes@example.com', password: 'cofound-demo' };
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(arg('runs') ?? 3);
const only = arg('pages')?.split(',');
const bases = process.argv.filter((a) => a.startsWith('--base=')).map((a) => path.resolve(a.slice(7)));
if (!bases.length) bases.push(process.cwd());
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(MEMBER),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('cofound.session_token='));
  if (!res.ok || !set) throw new Error(`sign-in failed: ${res.status}`);
  return set.split(';')[0];
}

async function pagesOf(base, cookie) {
  const get = async (p) => (await fetch(`${base}${p}`, { headers: { cookie } })).json();
  const [groups, articles, events] = await Promise.all([
    get('/api/groups'),
    get('/api/articles'),
    get('/api/events'),
  ]);
  const event = events.items[0];
  return [
    { name: 'feed', path: '/' },
    { name: 'profile', path: `/profile/${event.organizer.id}` },
    { name: 'article', path: `/articles/${articles.items[0].id}` },
    { name: 'group', path: `/groups/${groups.items[0].id}` },
    { name: 'event', path: `/events/${event.id}` },
  ];
}

/** What a task ran, by its trace events' names (the first few distinct, largest first). */
function describe(task, events) {
  const inside = events.filter(
    (e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task && e.dur > 1000,
  );
  const by = new Map();
  for (const e of inside) {
    let label = e.name;
    if (e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript')
      label += ` ${String(e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '')
        .split('/')
        .pop()}`;
    if (e.name === 'FunctionCall') {
      const d = e.args?.data ?? {};
      label += ` ${String(d.url ?? '')
        .split('/')
        .pop()}:${d.lineNumber}:${d.columnNumber}:${d.functionName ?? ''}`;
    }
    if (e.name === 'EventDispatch') label += ` ${e.args?.data?.type ?? ''}`;
    if (e.name === 'TimerFire') {
      // Where the timer was set: the top frame of its TimerInstall's stack.
      const install = events.find(
        (x) => x.name === 'TimerInstall' && x.args?.data?.timerId === e.args?.data?.timerId,
      );
      const top = install?.args?.data?.stackTrace?.[0];
      if (top) label += ` set at ${String(top.url).split('/').pop()}:${top.lineNumber}:${top.columnNumber}`;
    }
    by.set(label, Math.max(by.get(label) ?? 0, e.tdur ?? e.dur));
  }
  return [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([l, d]) => `${l} ${((d * SLOWDOWN) / 1000).toFixed(0)}`)
    .join(', ');
}

async function traceOnce(browser, base, cookie, pagePath) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value: v }) => events.push(...v));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    // Lighthouse's own categories (its trace gatherer): timeline events carry JS stacks, so V8
    // collects source positions as it does under Lighthouse.
    categories:
      process.env.TRACE_CATEGORIES ??
      [
        'disabled-by-default-lighthouse',
        'loading',
        'v8',
        'v8.execute',
        'blink.user_timing',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        'disabled-by-default-devtools.timeline.frame',
        'disabled-by-default-devtools.target-rundown',
        'disabled-by-default-devtools.v8-source-rundown-sources',
        'disabled-by-default-devtools.v8-source-rundown',
      ].join(','),
    transferMode: 'ReportEvents',
  });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await cdp.send('Tracing.end');
  await done;
  await context.close();

  // The page's renderer: the main thread that painted its first content.
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcpEvent?.pid,
  );
  const pid = main?.pid;
  const tid = main?.tid;
  if (process.env.TRACE_DUMP)
    (await import('node:fs')).writeFileSync(process.env.TRACE_DUMP, JSON.stringify(events));
  const mine = events.filter((e) => e.pid === pid && e.tid === tid);
  const tasks = mine.filter(
    (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  );
  const fcp = fcpEvent?.ts ?? 0;
  // A task's CPU time (tdur) where the trace has it: a busy box's waits for a CPU are left out.
  const cost = (t) => ((t.tdur ?? t.dur) * SLOWDOWN) / 1000;
  const sorted = tasks.map((t) => ({ t, ms: cost(t) })).sort((a, b) => b.ms - a.ms);
  const tbt = tasks.filter((t) => t.ts >= fcp).reduce((s, t) => s + Math.max(0, cost(t) - 50), 0);
  const over50 = sorted.filter((x) => x.ms > 50).length;
  const tbtAll = tasks.reduce((s, t) => s + Math.max(0, cost(t) - 50), 0);
  return {
    tbtAll,
    largest: sorted[0]?.ms ?? 0,
    second: sorted[1]?.ms ?? 0,
    tbt,
    over50,
    top: sorted.slice(0, 6).map((x) => `${x.ms.toFixed(0)} ms: ${describe(x.t, mine)}`),
  };
}

const servers = [];
try {
  for (const dir of bases) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'cofound-trace-')), 'demo');
    const server = await startServer({
      port,
      entry: path.join(dir, 'dist/server/demo.js'),
      args: [`--dir=${dataDir}`],
      env: { BASE_URL: url, LOG_LEVEL: 'warn' },
      maxLogLines: 0,
      waitMs: 180_000,
    });
    const cookie = await signIn(url);
    servers.push({ dir, url, server, cookie, dataDir, pages: await pagesOf(url, cookie) });
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const names = servers[0].pages.map((p) => p.name).filter((n) => !only || only.includes(n));
  const got = new Map();
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      for (const s of servers) {
        const p = s.pages.find((x) => x.name === name);
        const r = await traceOnce(browser, s.url, s.cookie, p.path);
        const key = `${name} ${s.dir}`;
        got.set(key, [...(got.get(key) ?? []), r]);
        console.log(
          `run ${i + 1} ${name.padEnd(8)} ${path.basename(s.dir).padEnd(12)} largest ${r.largest.toFixed(0)} ms, second ${r.second.toFixed(0)} ms, over 50: ${r.over50}, TBT ${r.tbt.toFixed(0)} ms (all tasks ${r.tbtAll.toFixed(0)} ms)`,
        );
        if (process.argv.includes('--details')) for (const line of r.top) console.log(`    ${line}`);
      }
    }
  }
  await browser.close();
  console.log(`\nmedians of ${runs} runs (CPU time x${SLOWDOWN})`);
  for (const [key, list] of got) {
    const m = (k) => median(list.map((r) => r[k])).toFixed(0);
    console.log(
      `${key.padEnd(40)} largest ${m('largest')} ms, second ${m('second')} ms, TBT ${m('tbt')} ms (all tasks ${m('tbtAll')} ms)`,
    );
  }
} finally {
  for (const s of servers) {
    await s.server.stop();
    await rm(path.dirname(s.dataDir), { recursive: true, force: true });
  }
}
