import { chromium } from '@playwright/test';
const BASE = 'http://localhost:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[1280, 800], [375, 740]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  const r = await page.request.post(`${BASE}/api/auth/sign-in/email`, {
    data: { email: 'maya.okafor@example.com', password: 'cofound-demo' }, headers: { origin: BASE } });
  if (!r.ok()) throw new Error('sign in ' + r.status());
  const groups = await (await page.request.get(`${BASE}/api/groups?limit=20`)).json(); console.log(Object.keys(groups));
  const g = groups.items[0];
  // Enough posts to fill more than a screen.
  let posts = await (await page.request.get(`${BASE}/api/groups/${g.id}/posts?limit=10`)).json();
  for (let i = (posts.items ?? posts.posts).length; i < 10; i++)
    await page.request.post(`${BASE}/api/groups/${g.id}/posts`, { data: { content: `Weekly check-in ${i}: what shipped, what slipped, what we learned from talking to customers this week.` }, headers: { origin: BASE } });
  const asked = [];
  page.on('request', (req) => { const u = req.url(); if (/\/api\/(reactions|comments)\/group_post\//.test(u)) asked.push(u); });
  await page.goto(`${BASE}/groups/${g.id}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const byPost = new Set(asked.map((u) => u.split('/group_post/')[1].split(/[/?]/)[0]));
  console.log(`${w}x${h}: posts whose reactions/comments were asked at first: ${byPost.size} (${asked.length} requests)`);
  await page.screenshot({ path: `/tmp/shots/group-${w}.png` });
  await page.mouse.wheel(0, 3000); await page.waitForTimeout(1500);
  const after = new Set(asked.map((u) => u.split('/group_post/')[1].split(/[/?]/)[0]));
  console.log(`  after scrolling 3000 px: ${after.size}`);
  await ctx.close();
}
await browser.close();
