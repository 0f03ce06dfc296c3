// npm run new-area -- <name>: writes a minimal working area (docs/adding-an-area.md) and its two
// list lines, and nothing else. The area is its own folders: common/<name>/, server/areas/<name>/,
// web/areas/<name>/, e2e/<name>/, server/db/schema/<name>.ts and one migration (its SQL and its
// journal entry, numbered after the journal's last). It has a table, a public list and a member's
// create route with their API test, one page at /<name>, a feed kind, a search provider and a
// demo part: a starting point that passes `npm run check` and its own tests as written.
//
//   node scripts/new-area.mjs <name> [--root <dir>]   (--root: the checkout to write into)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root =
  rootAt >= 0
    ? path.resolve(args[rootAt + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = args.find((a, i) => !a.startsWith('--') && (rootAt < 0 || i !== rootAt + 1));

function fail(message) {
  console.error(`new-area: ${message}`);
  process.exit(1);
}

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  fail('give the area a kebab-case name: npm run new-area -- polls');
}

// The names the area goes by. The singular names one row (and its feed kind): polls -> poll.
const snake = name.replaceAll('-', '_');
const pascal = (s) => s.replace(/(^|[-_])([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const camel = (s) => pascal(s).replace(/^./, (c) => c.toLowerCase());
const single = name.endsWith('s') && name.length > 2 ? name.slice(0, -1) : `${name}-item`;
const n = {
  name,
  snake,
  Name: pascal(name),
  nameCamel: camel(name),
  NAME: snake.toUpperCase(),
  single,
  singleSnake: single.replaceAll('-', '_'),
  Single: pascal(single),
  singleCamel: camel(single),
  SINGLE: single.replaceAll('-', '_').toUpperCase(),
  title: name.replaceAll('-', ' ').replace(/^./, (c) => c.toUpperCase()),
  singleWords: single.replaceAll('-', ' '),
};

for (const dir of [`server/areas/${name}`, `web/areas/${name}`, `common/${name}`, `e2e/${name}`]) {
  if (existsSync(path.join(root, dir))) fail(`${dir} exists already`);
}
if (existsSync(path.join(root, `server/db/schema/${name}.ts`)))
  fail(`server/db/schema/${name}.ts exists already`);

// The migration: numbered after the journal's last entry, dated after it.
const journalPath = path.join(root, 'server/db/migrations/meta/_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
const last = journal.entries.reduce((a, b) => (b.idx > a.idx ? b : a));
const idx = last.idx + 1;
const when = Math.max(...journal.entries.map((e) => e.when)) + 100_000;
const tag = `${String(idx).padStart(4, '0')}_${name}`;

const files = {};

files[`common/${name}/model.ts`] =
  `/** ${n.title}. Types, limits and texts shared by the server and the web app. */

export const ${n.NAME} = {
  titleMax: 200,
  /** Items on the list page (newest first). */
  pageSize: 50,
} as const;

export type ${n.Single} = {
  id: string;
  title: string;
  authorId: string;
  authorName: string;
  createdAt: string;
};

export const ${n.NAME}_MSG = {
  heading: '${n.title}',
  empty: 'Nothing here yet.',
  loadFailed: 'Failed to load ${name.replaceAll('-', ' ')}',
  titleLabel: 'Title',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be ${200} characters or fewer',
  create: 'Add',
  created: 'Added.',
  signInToAdd: 'Sign in to add one.',
  feedBadge: '${pascal(single).replace(/([a-z])([A-Z])/g, '$1 $2')}',
  searchBadge: '${pascal(single).replace(/([a-z])([A-Z])/g, '$1 $2')}',
} as const;

/** What this area puts on the home feed (common/feed/model.ts): its kind, under All only. */
declare module '../feed/model' {
  interface AreaFeedKinds {
    ${n.singleSnake}: true;
  }
}
`;

files[`common/${name}/schemas.ts`] = `import { z } from 'zod';
import { ${n.NAME}, ${n.NAME}_MSG } from './model';

/** A new ${n.singleWords}: the form and POST /api/${name} read the same schema. */
export const ZCreate${n.Single} = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: ${n.NAME}_MSG.titleRequired })
    .max(${n.NAME}.titleMax, { error: ${n.NAME}_MSG.titleTooLong }),
});
export type Create${n.Single} = z.infer<typeof ZCreate${n.Single}>;
`;

files[`server/db/schema/${name}.ts`] =
  `import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** ${n.title}: one row per ${n.singleWords}, its author's until their account goes. */
export const ${n.nameCamel} = pgTable(
  '${snake}',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first.
    index('${snake}_created_idx').on(t.createdAt, t.id),
    // Removing a person's rows (account deletion).
    index('${snake}_author_idx').on(t.authorId),
  ],
);
`;

files[`server/db/migrations/${tag}.sql`] = `CREATE TABLE IF NOT EXISTS "${snake}" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "${snake}_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "${snake}_created_idx" ON "${snake}" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "${snake}_author_idx" ON "${snake}" USING btree ("author_id");--> statement-breakpoint
-- Search's prefix tier walks titles in order (lower(title) ~>=~ text ~<~ upTo).
CREATE INDEX IF NOT EXISTS "${snake}_title_prefix_idx" ON "${snake}" USING btree (lower("title") text_pattern_ops);
`;

files[`server/areas/${name}/${name}.service.ts`] =
  `import { ${n.NAME}, type ${n.Single} } from '@common/${name}/model';
import type { Create${n.Single} } from '@common/${name}/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockedEitherIds, type Tx } from '../../db/rules';
import { profiles } from '../../db/schema';
import { ${n.nameCamel} } from '../../db/schema/${name}';
import type { Bus } from '../../platform/bus';
import { publishToFeed } from '../feed';

export type ${n.Name}Deps = { db: Db; bus: Bus };

const columns = {
  id: ${n.nameCamel}.id,
  title: ${n.nameCamel}.title,
  authorId: ${n.nameCamel}.authorId,
  authorName: sql<string>\`coalesce(\${profiles.fullName}, \${profiles.username})\`,
  createdAt: ${n.nameCamel}.createdAt,
};

const toItem = (row: Omit<${n.Single}, 'createdAt'> & { createdAt: Date }): ${n.Single} => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The newest, by visible authors the viewer has not blocked (nor been blocked by). */
export async function list${n.Name}(db: Db, viewerId: string | null): Promise<${n.Single}[]> {
  const rows = await db
    .select(columns)
    .from(${n.nameCamel})
    .innerJoin(profiles, eq(profiles.id, ${n.nameCamel}.authorId))
    .where(
      and(
        sql\`\${profiles.deletedAt} is null and not \${profiles.isBanned}\`,
        viewerId ? sql\`\${${n.nameCamel}.authorId} <> all (\${blockedEitherIds(viewerId)})\` : undefined,
      ),
    )
    .orderBy(desc(${n.nameCamel}.createdAt), desc(${n.nameCamel}.id))
    .limit(${n.NAME}.pageSize);
  return rows.map(toItem);
}

/** A member's new ${n.singleWords}, on the feed with it. */
export async function create${n.Single}(deps: ${n.Name}Deps, viewerId: string, input: Create${n.Single}): Promise<${n.Single}> {
  const [row] = await deps.db.insert(${n.nameCamel}).values({ authorId: viewerId, title: input.title }).returning();
  const [item] = await deps.db
    .select(columns)
    .from(${n.nameCamel})
    .innerJoin(profiles, eq(profiles.id, ${n.nameCamel}.authorId))
    .where(eq(${n.nameCamel}.id, row!.id));
  await publishToFeed(deps, {
    kind: '${n.singleSnake}',
    contentId: row!.id,
    userId: viewerId,
    title: input.title,
    link: '/${name}',
  });
  return toItem(item!);
}

/** Account deletion: the person's rows go (their feed items go with the feed's own part). */
export async function remove${n.Name}Of(tx: Tx, userId: string): Promise<void> {
  await tx.delete(${n.nameCamel}).where(eq(${n.nameCamel}.authorId, userId));
}
`;

files[`server/areas/${name}/${name}.routes.ts`] =
  `import { ZCreate${n.Single} } from '@common/${name}/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { create${n.Single}, list${n.Name}, type ${n.Name}Deps } from './${name}.service';

/** ${n.title}: the list is public; adding one needs a member. */
export function ${n.nameCamel}Routes(deps: ${n.Name}Deps) {
  return new Hono<AppEnv>()
    .get('/${name}', async (c) => c.json({ items: await list${n.Name}(deps.db, c.get('viewer')?.id ?? null) }))
    .post('/${name}', validate('json', ZCreate${n.Single}), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await create${n.Single}(deps, viewer.id, c.req.valid('json')), 201);
    });
}
`;

files[`server/areas/${name}/${name}.api.ts`] = `import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The ${name} area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const ${n.nameCamel}ApiDocs: ApiDocs = {
  'GET /${name}': { summary: 'List ${name.replaceAll('-', ' ')}', response: ZJsonObject, access: 'public' },
  'POST /${name}': { summary: 'Add a ${n.singleWords}', response: ZJsonObject, status: 201 },
};
`;

files[`server/areas/${name}/${name}.search.ts`] = `import { ${n.NAME}_MSG } from '@common/${name}/model';
import { SEARCH } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';

const columns = sql\`'${n.singleSnake}' as type, x.id::text as id, x.title, null::text as description,
  null::text as category, x.created_at as date, null::text as image_url, '/${name}' as url\`;

/**
 * Titles by visible authors the viewer has not blocked, in tiers (docs/decisions/013): the exact
 * title and titles starting with the text (${snake}_title_prefix_idx, alphabetical); then, for three
 * letters or more, titles with the text anywhere else (alphabetical among the first candidates).
 */
export const ${n.singleCamel}Search: SearchProvider = {
  type: '${n.singleSnake}',
  label: ${n.NAME}_MSG.searchBadge,
  tiers({ viewerId, terms }) {
    const title = sql\`lower(x.title)\`;
    const visible = sql\`${snake} x join profiles p on p.id = x.author_id
      where \${visiblePerson('p')} and not (x.author_id = any (\${blockedEitherIds(viewerId)}))\`;
    const tiers: SearchTier[] = [
      { level: 'exact', columns, from: sql\`\${visible} and \${title} = \${terms.lower}\`, order: sql\`x.id\` },
      {
        level: 'prefix',
        columns,
        from: sql\`\${visible} and \${title} ~>=~ \${terms.lower} and \${title} ~<~ \${terms.upTo} and \${title} <> \${terms.lower}\`,
        order: sql\`\${title} using ~<~, x.id\`,
      },
    ];
    if (terms.short) return tiers;
    tiers.push({
      level: 'contains',
      columns,
      from: sql\`\${visible} and \${title} like \${terms.contains} and \${title} not like \${terms.prefix}\`,
      sortKey: title,
      candidates: SEARCH.countCap + 1,
    });
    return tiers;
  },
};
`;

files[`server/areas/${name}/${name}.demo.ts`] = `import type { DemoContext } from '../../platform/demo';
import { ${n.nameCamel} } from '../../db/schema/${name}';
import { publishToFeed } from '../feed';

const TITLES = ['Which city should host the next meetup?', 'Best tool for early customer interviews', 'Remote or office for a first hire?'];

/** A few ${name.replaceAll('-', ' ')} by demo members, on the feed at their time. */
export async function demo(ctx: DemoContext): Promise<void> {
  for (const title of TITLES) {
    const author = ctx.pick(ctx.people);
    const createdAt = ctx.daysAgo(ctx.between(1, 20));
    const [row] = await ctx.db.insert(${n.nameCamel}).values({ authorId: author.id, title, createdAt }).returning();
    ctx.schedule(createdAt, async () => {
      await publishToFeed(ctx, { kind: '${n.singleSnake}', contentId: row!.id, userId: author.id, title, link: '/${name}' });
      ctx.count('feed items', 1);
    });
  }
  ctx.count('${name.replaceAll('-', ' ')}', TITLES.length);
}
`;

files[`server/areas/${name}/index.ts`] = `import { ${n.NAME}_MSG } from '@common/${name}/model';
import { defineArea } from '../../platform/area';
import { ${n.nameCamel}ApiDocs } from './${name}.api';
import { demo } from './${name}.demo';
import { ${n.nameCamel}Routes } from './${name}.routes';
import { ${n.singleCamel}Search } from './${name}.search';
import { remove${n.Name}Of } from './${name}.service';

/** ${n.title} (docs/adding-an-area.md). */
export const ${n.nameCamel}Area = defineArea({
  name: '${name}',
  routes: ${n.nameCamel}Routes,
  api: ${n.nameCamel}ApiDocs,
  demo,
  register(ctx) {
    ctx.registerFeedKind({ kind: '${n.singleSnake}', category: null, label: ${n.NAME}_MSG.feedBadge, signInAction: null });
    ctx.registerSearchProvider(${n.singleCamel}Search);
  },
  async onAccountDeleted(tx, userId) {
    await remove${n.Name}Of(tx, userId);
  },
});
`;

files[`server/areas/${name}/${name}.test.ts`] =
  `import { ${n.NAME}_MSG, type ${n.Single} } from '@common/${name}/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('${name}', () => {
  it('lets a member add one, shown to visitors, on the feed and in search', async () => {
    const a = await signedUpPerson(t);
    const res = await a.agent.post<${n.Single}>('/api/${name}', { title: '  Zebra crossing  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Zebra crossing', authorId: a.id });
    const list = await t.agent().get<{ items: ${n.Single}[] }>('/api/${name}');
    expect(list.status).toBe(200);
    expect(list.body.items.map((i) => i.id)).toContain(res.body.id);
    const feed = await t.agent().get('/api/feed');
    expect(feed.body.items.find((i: { contentId: string }) => i.contentId === res.body.id)).toMatchObject({
      label: ${n.NAME}_MSG.feedBadge,
      link: '/${name}',
    });
    const found = await a.agent.get('/api/search?q=zebra');
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain(res.body.id);
  });

  it('refuses visitors and bad titles, writing nothing', async () => {
    const visitor = t.agent();
    expect((await visitor.post('/api/${name}', { title: 'Hello' })).status).toBe(401);
    const a = await signedUpPerson(t);
    for (const title of ['', '   ', 'x'.repeat(201)]) {
      expect((await a.agent.post('/api/${name}', { title })).status, title).toBe(400);
    }
    const list = await t.agent().get<{ items: ${n.Single}[] }>('/api/${name}');
    expect(list.body.items.filter((i) => i.authorId === a.id)).toEqual([]);
  });

  it("hides a blocked person's rows, either way", async () => {
    const [a, b] = [await signedUpPerson(t), await signedUpPerson(t)];
    const byA = await a.agent.post<${n.Single}>('/api/${name}', { title: 'From a' });
    const byB = await b.agent.post<${n.Single}>('/api/${name}', { title: 'From b' });
    expect((await a.agent.post(\`/api/connections/\${b.id}/block\`)).status).toBeLessThan(300);
    const seen = async (agent: typeof a.agent) =>
      (await agent.get<{ items: ${n.Single}[] }>('/api/${name}')).body.items.map((i) => i.id);
    expect(await seen(a.agent)).not.toContain(byB.body.id);
    expect(await seen(b.agent)).not.toContain(byA.body.id);
    expect(await seen(t.agent())).toEqual(expect.arrayContaining([byA.body.id, byB.body.id]));
  });
});
`;

files[`web/areas/${name}/api/query-keys.ts`] =
  `/** The ${name} area's query keys: one factory, so a change invalidates what it touched. */
export const ${n.nameCamel}Keys = {
  all: () => ['${name}'] as const,
  list: () => [...${n.nameCamel}Keys.all(), 'list'] as const,
};
`;

files[`web/areas/${name}/api/get-${name}.ts`] =
  `import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';
import { ${n.nameCamel}Keys } from './query-keys';

export function get${n.Name}(signal?: AbortSignal) {
  return call(api['${name}'].$get({}, { init: { signal: signal ?? null } }));
}

export const ${n.nameCamel}QueryOptions = () =>
  queryOptions({ queryKey: ${n.nameCamel}Keys.list(), queryFn: ({ signal }) => get${n.Name}(signal) });

/** The list page's items, newest first. */
export function use${n.Name}() {
  return useQuery(${n.nameCamel}QueryOptions());
}
`;

files[`web/areas/${name}/api/create-${single}.ts`] =
  `import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Create${n.Single} } from '@common/${name}/schemas';
import { api, call } from '@web/lib/api';
import { ${n.nameCamel}Keys } from './query-keys';

export function create${n.Single}(input: Create${n.Single}) {
  return call(api['${name}'].$post({ json: input }));
}

/** Adds one, then refreshes the list. */
export function useCreate${n.Single}() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create${n.Single},
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ${n.nameCamel}Keys.all() }),
  });
}
`;

files[`web/areas/${name}/pages/${name}-page.tsx`] = `import { useState, type FormEvent } from 'react';
import { ${n.NAME}, ${n.NAME}_MSG } from '@common/${name}/model';
import { ZCreate${n.Single} } from '@common/${name}/schemas';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { useMe } from '@web/lib/me';
import { toast } from '@web/lib/toast';
import { useCreate${n.Single} } from '../api/create-${single}';
import { use${n.Name} } from '../api/get-${name}';

/** ${n.title}: the newest for everyone, and a form for members. */
export function ${n.Name}Page() {
  const { viewer } = useMe();
  const list = use${n.Name}();
  const create = useCreate${n.Single}();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = ZCreate${n.Single}.safeParse({ title: new FormData(form).get('title') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        toast.success(${n.NAME}_MSG.created);
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <h1 className="text-2xl leading-tight font-bold tracking-tight">{${n.NAME}_MSG.heading}</h1>
      {viewer ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <Label htmlFor="${name}-title">{${n.NAME}_MSG.titleLabel}</Label>
          <div className="flex items-center gap-2">
            <Input
              id="${name}-title"
              name="title"
              maxLength={${n.NAME}.titleMax}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? '${name}-title-error' : undefined}
            />
            <Button type="submit" disabled={create.isPending}>
              {${n.NAME}_MSG.create}
            </Button>
          </div>
          {error ? (
            <p id="${name}-title-error" role="alert" className="text-sm text-destructive-text">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{${n.NAME}_MSG.signInToAdd}</p>
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError message={${n.NAME}_MSG.loadFailed} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{${n.NAME}_MSG.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.items.map((item) => (
            <li key={item.id}>
              <Card className="p-4">
                <p className="font-medium">{item.title}</p>
                <p className="text-sm text-muted-foreground">{item.authorName}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
`;

files[`web/areas/${name}/module.ts`] = `import type { WebAreaModule } from '@web/app/areas/contract';

/** ${n.title}: its page (docs/adding-an-area.md). */
export const ${n.nameCamel}Module: WebAreaModule = {
  id: '${name}',
  routes: [
    {
      path: '/${name}',
      access: 'public',
      handle: { title: '${n.title}' },
      lazy: async () => ({ Component: (await import('./pages/${name}-page')).${n.Name}Page }),
    },
  ],
};
`;

files[`e2e/${name}/${name}.spec.ts`] = `import { ${n.NAME}_MSG } from '../../common/${name}/model';
import { expect, expectAccessible, signUpVerified, test } from '../fixtures';

test('a member adds one and sees it in the list; a visitor sees the list', async ({ page, browser }) => {
  await signUpVerified(page);
  await page.goto('/${name}');
  await expect(page.getByRole('heading', { level: 1, name: ${n.NAME}_MSG.heading })).toBeVisible();
  await expectAccessible(page);
  const title = \`E2E \${Date.now()}\`;
  await page.getByLabel(${n.NAME}_MSG.titleLabel).fill(title);
  await page.getByRole('button', { name: ${n.NAME}_MSG.create }).click();
  await expect(page.getByText(title)).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/${name}');
  await expect(visitor.getByText(title)).toBeVisible();
  await expect(visitor.getByText(${n.NAME}_MSG.signInToAdd)).toBeVisible();
  await visitor.close();
});
`;

// The one line in each list (and its import).
async function addToList(file, importLine, entry, before) {
  const p = path.join(root, file);
  let code = readFileSync(p, 'utf8');
  const imports = [...code.matchAll(/^import .*;$/gm)];
  const lastImport = imports[imports.length - 1];
  const at = lastImport.index + lastImport[0].length;
  code = `${code.slice(0, at)}\n${importLine}${code.slice(at)}`;
  const i = before ? code.indexOf(before) : -1;
  if (i >= 0) code = `${code.slice(0, i)}${entry}\n${code.slice(i)}`;
  else {
    const end = code.lastIndexOf(']');
    code = `${code.slice(0, end)}${entry}\n${code.slice(end)}`;
  }
  writeFileSync(p, await formatted(file, code));
}

// Written as the project's formatter writes them, so \`npm run check\` passes as generated.
const prettier = await import('prettier');
async function formatted(file, text) {
  if (file.endsWith('.sql')) return text;
  const p = path.join(root, file);
  return prettier.format(text, { ...(await prettier.resolveConfig(p)), filepath: p });
}

for (const [file, text] of Object.entries(files)) {
  const p = path.join(root, file);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, await formatted(file, text));
}
journal.entries.push({ idx, version: last.version ?? '7', when, tag, breakpoints: true });
writeFileSync(
  journalPath,
  await formatted('server/db/migrations/meta/_journal.json', JSON.stringify(journal, null, 2)),
);
// Server: after the areas its demo builds on (profiles, feed), before admin, which comes last.
await addToList(
  'server/areas/index.ts',
  `import { ${n.nameCamel}Area } from './${name}';`,
  `  ${n.nameCamel}Area,`,
  '  adminArea,',
);
await addToList(
  'web/areas/index.ts',
  `import { ${n.nameCamel}Module } from './${name}/module';`,
  `  ${n.nameCamel}Module,`,
  null,
);

console.log(`new-area: wrote the ${name} area (migration ${tag}):`);
for (const file of [
  ...Object.keys(files),
  'server/db/migrations/meta/_journal.json',
  'server/areas/index.ts',
  'web/areas/index.ts',
]) {
  console.log(`  ${file}`);
}
console.log(
  `Next: npm run check, then npx vitest run server/areas/${name} and the e2e spec (docs/adding-an-area.md).`,
);
