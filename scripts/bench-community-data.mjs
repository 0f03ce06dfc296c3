// The community bench's data (scripts/bench-community.mjs): a community the size of a real one in
// every area, made by server-side SQL in one dedicated PostgreSQL database (`cofound_bench_community`
// on BENCH_DATABASE_URL) and kept for `--reuse`.
//  - The feed bench's generator (scripts/bench-feed.mjs) first: members with profiles, the follow
//    and friend graph, blocks, 3,000 groups with members, 1,000,000 feed items.
//  - Then, in proportion to the members (figures for 100,000): 20,000 published articles, 60,000
//    group posts, 800 forums with members, 40,000 forum posts and 200,000 replies, 5,000 events with
//    100,000 answers, 3,000 business ideas, 5,000 business pages with 100,000 followers, 20,000 posts
//    and 30,000 reviews, 300,000 comments, 600,000 reactions, 200,000 direct messages between
//    friends with their conversations, and 300,000 notifications. Counters kept on rows (replies,
//    going, followers) are computed from the rows, so the app's own updates start consistent.
//  - Every row's id is a fixed function of its number (uuidOf('a' || k) for article k), as in the
//    feed generator, so statements name rows without joins.
// Sessions are made for the members the bench signs in (rows inserted, cookies signed here, as in
// scripts/bench-messages.mjs), and the signed-in members are made friends in a ring (each with the
// two before and the two after it) so every direct message goes to a friend who is online.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminQuery, dbUrl, sessionCookie } from './bench-lib.mjs';
import { CITIES, TOPICS, byRank, generatorSteps, lit, memberId, pick, uuidOf } from './bench-feed.mjs';

// BENCH_COMMUNITY_DB names another database (a copy, say, so two runs on one machine do not share sessions).
export const COMMUNITY_DB = process.env.BENCH_COMMUNITY_DB || 'cofound_bench_community';
const SESSION_AGENT = 'cofound-bench-community';

/** Each area's size for `members` (proportionate to 100,000 members). */
export function communitySizes(members, items) {
  const sc = (n) => Math.max(10, Math.round((n * members) / 100_000));
  return {
    members,
    items,
    articles: sc(20_000),
    groupPosts: sc(60_000),
    forums: sc(800),
    forumPosts: sc(40_000),
    forumReplies: sc(200_000),
    events: sc(5_000),
    rsvps: sc(100_000),
    ideas: sc(3_000),
    pages: sc(5_000),
    pageFollows: sc(100_000),
    pagePosts: sc(20_000),
    reviews: sc(30_000),
    comments: sc(300_000),
    reactions: sc(600_000),
    messages: sc(200_000),
    notifications: sc(300_000),
  };
}

const para = (topic) =>
  `'We have been working on ' || ${topic} || ' for a while now, and this is what we learned. ' ||
   'The first months were mostly about talking to people who have the problem, not building. ' ||
   'We wrote down every conversation, grouped what we heard and only then picked what to build first. ' ||
   'Most of our early guesses were wrong in small ways, and a few were wrong in large ones.'`;

/** The statements that add every other area to the feed generator's community. */
function communitySteps(s) {
  const M = s.members;
  const member = (expr) => memberId(byRank(expr, M));
  /** A member by activity: most content comes from a few. */
  const author = `${member(`floor(power(random(), 2) * ${M})::int`)}`;
  const anyMember = memberId(`1 + floor(random() * ${M})::int`);
  const series = (n) => `generate_series(1, ${n}) k`;
  const skewed = (n) => `1 + floor(power(random(), 2) * ${n})::int`;
  const ago = (days) => `now() - random() * interval '${days} days'`;
  return [
    ['settings', `SET session_replication_role = replica`],
    ['settings', `SET synchronous_commit = off`],
    ['settings', `SET work_mem = '256MB'`],
    ['seed', `SELECT setseed(0.25)`],
    [
      'articles',
      `INSERT INTO articles (id, author_id, title, content, excerpt, preview, category, image_url, status, published_at,
                             created_at, updated_at)
       SELECT ${uuidOf(`'a' || k`)}, ${author}, title, body, left(body, 200), left(body, 300),
              ${pick(['tech', 'business', 'lifestyle'])}, CASE WHEN random() < 0.5 THEN '/api/files/articles/' || md5(k::text) || '.webp' END,
              'published', at, at, at
       FROM (SELECT k, ${pick(['What I learned about ', 'A practical guide to ', 'Why we bet on ', 'The hidden cost of ', 'Notes on '])} || topic AS title,
                    '## ' || topic || E'\\n\\n' || ${para('topic')} || E'\\n\\n' || ${para('topic')} || E'\\n\\n' || ${para("'the next step'")} AS body,
                    ${ago(365)} AS at
             FROM (SELECT k, ${pick(TOPICS)} AS topic FROM ${series(s.articles)} OFFSET 0) t) a`,
    ],
    [
      'group posts',
      `INSERT INTO group_posts (id, group_id, user_id, content, created_at)
       SELECT ${uuidOf(`'gp' || k`)}, ${uuidOf(`'g' || (k % 3000)`)}, ${author},
              'Sharing an update on ' || ${pick(TOPICS)} || '. What would you do next?', ${ago(365)}
       FROM ${series(s.groupPosts)}`,
    ],
    [
      'forums',
      `INSERT INTO forum_groups (id, name, description, is_public, created_by, created_at)
       SELECT ${uuidOf(`'fg' || g`)}, 'Forum ' || g || ': ' || ${pick(TOPICS)}, 'Talk about ' || ${pick(TOPICS)},
              true, ${memberId(`g::bigint * 37 % ${M} + 1`)}, now() - interval '500 days'
       FROM generate_series(0, ${s.forums - 1}) g`,
    ],
    [
      'forum members',
      `INSERT INTO forum_group_members (group_id, user_id, role, status, joined_at, approved_at)
       SELECT id, created_by, 'owner', 'approved', created_at, created_at FROM forum_groups
       UNION ALL
       SELECT ${uuidOf(`'fg' || gid`)}, ${memberId('n')}, 'member', 'approved', now() - interval '200 days', now() - interval '200 days'
       FROM (SELECT DISTINCT n, gid
             FROM (SELECT n, floor(random() * ${s.forums})::int AS gid
                   FROM generate_series(1, ${M}) n, LATERAL generate_series(1, floor(4 * power(random(), 2))::int + 0 * n) j
                   OFFSET 0) x) d
       WHERE NOT EXISTS (SELECT 1 FROM forum_groups f WHERE f.id = ${uuidOf(`'fg' || gid`)} AND f.created_by = ${memberId('n')})`,
    ],
    [
      'forum posts',
      `INSERT INTO forum_posts (id, group_id, author_id, title, content, category, created_at, updated_at, views_count)
       SELECT ${uuidOf(`'fp' || k`)}, ${uuidOf(`'fg' || (k % ${s.forums})`)}, ${author},
              ${pick(['Question about ', 'How do you handle ', 'Advice needed: '])} || topic, ${para('topic')},
              ${pick(['general', 'technology', 'business', 'help'])}, at, at, floor(random() * 500)::int
       FROM (SELECT k, ${pick(TOPICS)} AS topic, ${ago(365)} AS at FROM ${series(s.forumPosts)} OFFSET 0) t`,
    ],
    [
      'forum replies',
      `INSERT INTO forum_replies (id, post_id, author_id, content, created_at)
       SELECT ${uuidOf(`'fr' || k`)}, ${uuidOf(`'fp' || (${skewed(s.forumPosts)})`)}, ${anyMember},
              ${pick(['Same here: we tried it and it worked after a few weeks.', 'Have you asked your first customers?', 'I would start smaller.', 'Happy to help, send me a message.'])},
              ${ago(300)}
       FROM ${series(s.forumReplies)}`,
    ],
    [
      'forum counts',
      `UPDATE forum_posts p SET replies_count = c.n
       FROM (SELECT post_id, count(*)::int AS n FROM forum_replies GROUP BY post_id) c WHERE c.post_id = p.id`,
    ],
    [
      'events',
      `INSERT INTO events (id, creator_id, title, description, starts_at, location, type, created_at, updated_at)
       SELECT ${uuidOf(`'e' || k`)}, ${author}, ${pick(['Meetup: ', 'Workshop: ', 'Founders breakfast: ', 'Webinar: '])} || topic,
              'An evening about ' || topic || '. Short talks, then questions.',
              now() + (random() * 180 - 60) * interval '1 day', CASE WHEN online THEN 'Online' ELSE ${pick(CITIES)} END,
              CASE WHEN online THEN 'online' ELSE 'in_person' END, ${ago(200)}, now()
       FROM (SELECT k, ${pick(TOPICS)} AS topic, random() < 0.3 AS online FROM ${series(s.events)} OFFSET 0) t`,
    ],
    [
      'event answers',
      `INSERT INTO event_invitations (event_id, invitee_id, status, responded_at, changed_at, created_at)
       SELECT DISTINCT ON (e, n) ${uuidOf(`'e' || e`)}, ${memberId('n')}, CASE WHEN random() < 0.7 THEN 'accepted' ELSE 'maybe' END,
              now() - interval '10 days', now() - interval '10 days', now() - interval '10 days'
       FROM (SELECT ${skewed(s.events)} AS e, 1 + floor(random() * ${M})::int AS n FROM ${series(s.rsvps)} OFFSET 0) x`,
    ],
    [
      'event counts',
      `UPDATE events e SET going_count = c.going, maybe_count = c.maybe
       FROM (SELECT event_id, count(*) FILTER (WHERE status = 'accepted')::int AS going,
                    count(*) FILTER (WHERE status = 'maybe')::int AS maybe
             FROM event_invitations GROUP BY event_id) c WHERE c.event_id = e.id`,
    ],
    [
      'business ideas',
      `INSERT INTO business_ideas (id, user_id, title, description, funding_goal, funding_received, equity_offered, industry,
                                   risk, location, created_at, updated_at)
       SELECT ${uuidOf(`'bi' || k`)}, ${author}, ${pick(['Looking for a co-founder: ', 'Idea: ', 'Raising for '])} || topic,
              ${para('topic')}, 10000 + floor(random() * 990000), floor(random() * 5000), 1 + floor(random() * 20),
              ${pick(['tech', 'finance', 'healthcare', 'education', 'retail', 'energy', 'food', 'other'])},
              ${pick(['low', 'medium', 'high'])}, ${pick(CITIES)}, at, at
       FROM (SELECT k, ${pick(TOPICS)} AS topic, ${ago(365)} AS at FROM ${series(s.ideas)} OFFSET 0) t`,
    ],
    [
      'business pages',
      `INSERT INTO business_pages (id, owner_id, name, description, category, website, address, created_at, updated_at)
       SELECT ${uuidOf(`'bp' || k`)}, ${author}, ${pick(['Studio ', 'Labs ', 'Works ', 'Bakery ', 'Clinic '])} || k,
              'We help people with ' || ${pick(TOPICS)} || '.',
              ${pick(['Restaurant', 'Retail', 'Technology', 'Healthcare', 'Education', 'Professional Services', 'Other'])},
              'https://example.com/' || k, ${pick(CITIES)}, ${ago(500)}, now()
       FROM ${series(s.pages)}`,
    ],
    [
      'page followers',
      `INSERT INTO business_page_followers (business_page_id, user_id, created_at)
       SELECT DISTINCT ON (p, n) ${uuidOf(`'bp' || p`)}, ${memberId('n')}, now() - interval '50 days'
       FROM (SELECT ${skewed(s.pages)} AS p, 1 + floor(random() * ${M})::int AS n FROM ${series(s.pageFollows)} OFFSET 0) x`,
    ],
    [
      'page counts',
      `UPDATE business_pages b SET followers = c.n
       FROM (SELECT business_page_id, count(*)::int AS n FROM business_page_followers GROUP BY business_page_id) c
       WHERE c.business_page_id = b.id`,
    ],
    [
      'page posts',
      `INSERT INTO business_posts (id, business_page_id, author_id, content, created_at, updated_at)
       SELECT ${uuidOf(`'bpp' || k`)}, ${uuidOf(`'bp' || p`)}, ${memberId(byRank('0', M))}, 'News from us: ' || ${pick(TOPICS)} || '.', at, at
       FROM (SELECT k, ${skewed(s.pages)} AS p, ${ago(300)} AS at FROM ${series(s.pagePosts)} OFFSET 0) x`,
    ],
    [
      'page post authors',
      `UPDATE business_posts p SET author_id = b.owner_id FROM business_pages b WHERE b.id = p.business_page_id`,
    ],
    [
      'reviews',
      `INSERT INTO business_reviews (business_page_id, user_id, rating, title, content, moderation_status, created_at, updated_at)
       SELECT DISTINCT ON (p, n) ${uuidOf(`'bp' || p`)}, ${memberId('n')}, 1 + floor(random() * 5)::int,
              ${pick(['Great service', 'Would come back', 'Not for me', 'Friendly and fast'])},
              'We worked with them on ' || ${pick(TOPICS)} || ' and it went well.', 'approved', ${ago(300)}, now()
       FROM (SELECT ${skewed(s.pages)} AS p, 1 + floor(random() * ${M})::int AS n FROM ${series(s.reviews)} OFFSET 0) x`,
    ],
    [
      'comments',
      `INSERT INTO comments (content_type, content_id, user_id, content, created_at)
       SELECT t, CASE t WHEN 'article' THEN ${uuidOf(`'a' || (${skewed(s.articles)})`)}
                        WHEN 'group_post' THEN ${uuidOf(`'gp' || (${skewed(s.groupPosts)})`)}
                        ELSE ${uuidOf(`'fp' || (${skewed(s.forumPosts)})`)} END,
              ${anyMember}, ${pick(['Thanks for sharing!', 'Interesting: how long did it take?', 'We saw the same.', 'Great write-up.'])},
              ${ago(300)}
       FROM (SELECT CASE WHEN r < 0.6 THEN 'article' WHEN r < 0.85 THEN 'group_post' ELSE 'forum_post' END AS t
             FROM (SELECT random() AS r FROM ${series(s.comments)} OFFSET 0) x) y`,
    ],
    [
      'reactions',
      `INSERT INTO reactions (content_type, content_id, user_id, reaction_type, created_at)
       SELECT DISTINCT ON (t, cid, uid) t, cid, uid,
              CASE WHEN t = 'forum_post' THEN ${pick(['like', 'love', 'insightful', 'helpful', 'celebrate'])}
                   ELSE ${pick(['like', 'love', 'laugh', 'like', 'like'])} END, ${ago(300)}
       FROM (SELECT t, CASE t WHEN 'article' THEN ${uuidOf(`'a' || (${skewed(s.articles)})`)}
                              WHEN 'group_post' THEN ${uuidOf(`'gp' || (${skewed(s.groupPosts)})`)}
                              ELSE ${uuidOf(`'fp' || (${skewed(s.forumPosts)})`)} END AS cid, ${anyMember} AS uid
             FROM (SELECT CASE WHEN r < 0.6 THEN 'article' WHEN r < 0.85 THEN 'group_post' ELSE 'forum_post' END AS t
                   FROM (SELECT random() AS r FROM ${series(s.reactions)} OFFSET 0) x) y) z`,
    ],
    [
      'messages',
      // Between friends, over the last 90 days.
      `INSERT INTO messages (sender_id, receiver_id, content, read, read_at, created_at)
       SELECT CASE WHEN flip THEN user_id ELSE connected_user_id END, CASE WHEN flip THEN connected_user_id ELSE user_id END,
              'Hi! How is the project going?', true, now() - interval '1 day', ${ago(90)}
       FROM (SELECT user_id, connected_user_id, random() < 0.5 AS flip FROM connections
             WHERE status = 'friends' ORDER BY random() LIMIT ${s.messages}) f`,
    ],
    [
      'conversations',
      `INSERT INTO conversations (owner_id, partner_id, last_message_id, last_message_at, unread_count, viewed_at)
       SELECT DISTINCT ON (owner_id, partner_id) owner_id, partner_id, id, created_at, 0, now()
       FROM (SELECT sender_id AS owner_id, receiver_id AS partner_id, id, created_at FROM messages
             UNION ALL SELECT receiver_id, sender_id, id, created_at FROM messages) m
       ORDER BY owner_id, partner_id, created_at DESC`,
    ],
    [
      'notifications',
      `INSERT INTO notifications (user_id, actor_id, type, title, message, read, link, created_at, updated_at)
       SELECT ${author}, ${anyMember}, 'comment', 'New Comment', 'Someone commented on your article', random() < 0.9,
              '/articles/' || ${uuidOf(`'a' || (1 + floor(random() * ${s.articles})::int)`)}, at, at
       FROM (SELECT ${ago(120)} AS at FROM ${series(s.notifications)} OFFSET 0) x`,
    ],
    ['settings', `SET session_replication_role = DEFAULT`],
    ['vacuum analyze', `VACUUM ANALYZE`],
  ];
}

/** The database's sizes, or null when it is not (fully) there. */
async function currentSizes(client) {
  try {
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM profiles)::int AS members, (SELECT count(*) FROM feed_items)::int AS items,
              (SELECT count(*) FROM articles)::int AS articles, (SELECT count(*) FROM forum_posts)::int AS "forumPosts",
              (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM business_pages)::int AS pages,
              (SELECT count(*) FROM business_ideas)::int AS ideas, (SELECT count(*) FROM messages)::int AS messages,
              (SELECT count(*) FROM notifications WHERE user_id IS NOT NULL)::int AS notifications,
              (SELECT value FROM bench_community_meta WHERE key = 'complete') AS complete,
              (SELECT value FROM bench_community_meta WHERE key = 'size') AS size`,
    );
    return rows[0];
  } catch {
    return null;
  }
}

export const fmtCommunity = (x) =>
  x
    ? `${x.members.toLocaleString('en')} members, ${x.items.toLocaleString('en')} feed items, ` +
      `${x.articles.toLocaleString('en')} articles, ${x.forumPosts.toLocaleString('en')} forum posts, ` +
      `${x.events.toLocaleString('en')} events, ${x.ideas.toLocaleString('en')} ideas, ` +
      `${x.pages.toLocaleString('en')} business pages, ${x.messages.toLocaleString('en')} messages`
    : 'empty';

/**
 * The community database, generated (or reused when `reuse` and it holds the same sizes).
 * `migrate()` starts and stops the built server once on the empty database so it migrates it.
 */
export async function prepareCommunity({ members, items, reuse, migrate, log = console.log }) {
  const url = dbUrl(COMMUNITY_DB);
  const exists =
    (await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${COMMUNITY_DB}'`)).rowCount > 0;
  if (reuse && exists) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const have = await currentSizes(c).finally(() => c.end());
    // The size asked at generation (the runs' own writes add rows, feed items among them).
    if (have && have.complete === 'yes' && have.size === `${members}/${items}`) {
      log(`  reusing database ${COMMUNITY_DB} (${fmtCommunity(have)})`);
      return { url, sizes: have, generatedSecs: null };
    }
    log(`  database ${COMMUNITY_DB} does not hold ${members} members and ${items} items: generating`);
  }
  const t0 = performance.now();
  await adminQuery(`DROP DATABASE IF EXISTS ${COMMUNITY_DB} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${COMMUNITY_DB}`);
  await migrate(url);
  const sizes = communitySizes(members, items);
  log(`  generating ${members.toLocaleString('en')} members and every area in ${COMMUNITY_DB}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const steps = [
      ...generatorSteps({ members, items }).filter(([label]) => label !== 'vacuum analyze'),
      ...communitySteps(sizes),
      ['meta', `CREATE TABLE bench_community_meta (key text PRIMARY KEY, value text)`],
      [
        'meta',
        `INSERT INTO bench_community_meta VALUES ('complete', 'yes'), ('size', '${members}/${items}')`,
      ],
    ];
    for (const [label, text] of steps) {
      const t = performance.now();
      await client.query(text);
      if (!['settings', 'seed', 'meta'].includes(label))
        log(`    ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const have = await currentSizes(client);
    const secs = (performance.now() - t0) / 1000;
    log(`  generated in ${secs.toFixed(0)} s: ${fmtCommunity(have)}`);
    return { url, sizes: have, generatedSecs: secs };
  } finally {
    await client.end();
  }
}

/**
 * `n` members who can sign in, each with a session (cookie signed here) and a loopback-free
 * address for X-Forwarded-For; member i is made friends with members i±1 and i±2 of the list, so
 * each has online friends to write to. Also answers the ids the members open (a sample of each area)
 * and which forum each member belongs to.
 */
export async function signInMembers(url, n) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DELETE FROM sessions WHERE user_agent = '${SESSION_AGENT}'`);
    const { rows } = await client.query(
      `SELECT p.id FROM profiles p JOIN users u ON u.id = p.id
       LEFT JOIN user_settings s ON s.user_id = p.id
       WHERE p.deleted_at IS NULL AND NOT p.is_banned AND NOT coalesce(u.banned, false)
         AND coalesce(s.profile_visible, true)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.id OR b.blocked_id = p.id)
       ORDER BY md5(p.id::text) LIMIT $1`,
      [n],
    );
    const members = rows.map((r, i) => {
      const token = randomBytes(24).toString('base64url');
      return {
        i,
        id: r.id,
        token,
        cookie: sessionCookie(token),
        ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      };
    });
    await client.query(
      `INSERT INTO sessions (token, user_id, expires_at, ip_address, user_agent)
       SELECT token, user_id, now() + interval '30 days', ip, '${SESSION_AGENT}'
       FROM unnest($1::text[], $2::uuid[], $3::text[]) AS t(token, user_id, ip)`,
      [members.map((m) => m.token), members.map((m) => m.id), members.map((m) => m.ip)],
    );
    // The ring of friends, both directions.
    const a = [];
    const b = [];
    for (const m of members) {
      for (const d of [1, 2]) {
        const f = members[(m.i + d) % members.length];
        if (f.id === m.id) continue;
        a.push(m.id, f.id);
        b.push(f.id, m.id);
      }
    }
    await client.query(
      `INSERT INTO connections (user_id, connected_user_id, status)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], array_fill('friends'::text, ARRAY[cardinality($1::uuid[])]))
       ON CONFLICT (user_id, connected_user_id) DO UPDATE SET status = 'friends'`,
      [a, b],
    );
    for (const m of members) {
      const N = members.length;
      m.friends = [...new Set([-2, -1, 1, 2].map((d) => (m.i + d + N) % N))].filter((j) => j !== m.i);
    }
    // Each member's forums (to reply in) and groups (their feed's audiences).
    const forums = await client.query(
      `SELECT user_id, array_agg(group_id) AS ids FROM forum_group_members
       WHERE user_id = ANY($1::uuid[]) AND status = 'approved' GROUP BY user_id`,
      [members.map((m) => m.id)],
    );
    const forumOf = new Map(forums.rows.map((r) => [r.user_id, r.ids]));
    for (const m of members) m.forums = forumOf.get(m.id) ?? [];
    const sample = async (sql) => (await client.query(sql)).rows.map((r) => r.id);
    // Content whose author anyone may see (not deleted, banned or in a block): what a member finds.
    const seen = (col) =>
      `EXISTS (SELECT 1 FROM profiles a WHERE a.id = ${col} AND a.deleted_at IS NULL AND NOT a.is_banned)
       AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${col} OR b.blocked_id = ${col})`;
    const ids = {
      articles: await sample(
        `SELECT id FROM articles x WHERE status = 'published' AND ${seen('x.author_id')} ORDER BY published_at DESC LIMIT 2000`,
      ),
      groups: await sample(`SELECT id FROM groups WHERE NOT is_private ORDER BY random() LIMIT 1000`),
      forumPosts: await sample(
        `SELECT p.id FROM forum_posts p JOIN forum_groups g ON g.id = p.group_id
         WHERE g.is_public AND ${seen('p.author_id')} ORDER BY p.created_at DESC LIMIT 2000`,
      ),
      events: await sample(
        `SELECT id FROM events x WHERE cancelled_at IS NULL AND starts_at > now() AND ${seen('x.creator_id')}
         ORDER BY starts_at LIMIT 1000`,
      ),
      ideas: await sample(
        `SELECT id FROM business_ideas x WHERE ${seen('x.user_id')} ORDER BY created_at DESC LIMIT 1000`,
      ),
      pages: await sample(
        `SELECT id FROM business_pages x WHERE ${seen('x.owner_id')} ORDER BY followers DESC LIMIT 1000`,
      ),
      people: await sample(`SELECT id FROM profiles x WHERE ${seen('x.id')} ORDER BY random() LIMIT 5000`),
    };
    // A recent post in each member's forums, to reply to.
    const fp = await client.query(
      `SELECT DISTINCT ON (group_id) group_id, id FROM forum_posts p
       WHERE group_id = ANY($1::uuid[]) AND NOT is_locked AND ${seen('p.author_id')} ORDER BY group_id, created_at DESC`,
      [[...new Set(members.flatMap((m) => m.forums))]],
    );
    ids.postOfForum = new Map(fp.rows.map((r) => [r.group_id, r.id]));
    return { members, ids };
  } finally {
    await client.end();
  }
}

/** Quoted for SQL (re-exported for the verifier). */
export { lit };
