// `npm run bench [-- auth|messages|feed|floor|lighthouse|uploads]`: speed figures that tests do not time, measured on this machine
// against the built server (dist/server/index.js; `npm run build` first).
//  - auth (the default): sign-in throughput and CPU per sign-in, the overflow shed with 429, and
//    request latency while sign-ins hash passwords, on PostgreSQL and on PGlite (--only=pg|pglite);
//  - messages: message delivery latency over the realtime WebSocket with 1,000 members connected,
//    against a bare WebSocket echo server, and the message write rate with the realtime bus on and off;
//  - feed: the feed's pages and search with 100,000 members and 1,000,000 feed items, beside a
//    primary-key read, on PostgreSQL and on PGlite (options: --reuse, --only=pg|pglite,
//    --pglite-items=N, --pglite-members=N; see scripts/bench-feed.mjs);
//  - lighthouse: Lighthouse mobile on the signed-in feed, a profile, an article, a group, an event
//    and a visitor's /, beside the welcome page without script (--runs=N, --pages=, --details).
//  - floor: what every request pays: the bare floor beside our middleware, a signed-in read and a
//    signed-in write (--only=pg|pglite; see scripts/bench-floor.mjs).
//  - community: how many active members one box holds: a ramp of simulated members on one and two
//    processes, a soak, two instances behind nginx (--reuse, --profile, --fixed=N --minutes=M; see
//    scripts/bench-community.mjs).
//  - uploads: 30 parallel 50 MB video uploads and 30 large image uploads by one account, and 30
//    parallel downloads, with the server's RSS growth and the health check's latency
//    (--only=pg|pglite; see scripts/bench-uploads.mjs).
const which = process.argv[2] ?? 'auth';

if (which === 'auth') {
  const { runAuthBench } = await import('./bench-auth.mjs');
  process.exitCode = await runAuthBench();
} else if (which === 'messages') {
  const { runMessagesBench } = await import('./bench-messages.mjs');
  process.exitCode = await runMessagesBench();
} else if (which === 'feed') {
  const { runFeedBench } = await import('./bench-feed.mjs');
  process.exitCode = await runFeedBench();
} else if (which === 'lighthouse') {
  process.exitCode = await (await import('./bench-lighthouse.mjs')).runLighthouseBench();
} else if (which === 'floor') {
  const { runFloorBench } = await import('./bench-floor.mjs');
  process.exitCode = await runFloorBench();
} else if (which === 'community') {
  const { runCommunityBench } = await import('./bench-community.mjs');
  process.exitCode = await runCommunityBench();
  // A ramp left something open (a socket, a timer) that kept the process alive after its last
  // line: name it, then end. The timer is unref'd, so a run that closed everything ends at once.
  setTimeout(() => {
    console.error(`bench: still open after the run: ${process.getActiveResourcesInfo().join(', ')}`);
    process.exit();
  }, 2000).unref();
} else if (which === 'uploads') {
  const { runUploadsBench } = await import('./bench-uploads.mjs');
  process.exitCode = await runUploadsBench();
} else {
  console.error(
    `Unknown benchmark "${which}". Usage: npm run bench [-- auth|messages|feed|floor|lighthouse|community|uploads [--reuse] [--only=pg|pglite] [--pglite-items=N]]`,
  );
  process.exitCode = 2;
}
