import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The web's area boundary (eslint/web-area-boundaries.js), run through the project's own ESLint
 * config on small made-up files, so `npm run check` is known to refuse a deep import from one
 * area into another.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary rule's messages for `code` as if it were the file `file`. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'cofound-web/web-area-boundaries').map((m) => m.message);
}

describe('the web area boundary', () => {
  it('refuses a deep import from one area into another, static or on demand', async () => {
    const deep = await boundaryErrors(
      'web/areas/groups/components/fixture.tsx',
      "import { CommentSection } from '@web/areas/comments/components/comment-section';\nexport const x = CommentSection;\n",
    );
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain("through its public.ts ('@web/areas/comments/public')");
    const relative = await boundaryErrors(
      'web/areas/groups/components/fixture.tsx',
      "export const load = () => import('../../reactions/components/reaction-bar');\n",
    );
    expect(relative).toHaveLength(1);
  });

  it('refuses the app shell a deep import, and the list of areas anything but a module.ts', async () => {
    expect(
      await boundaryErrors(
        'web/app/layout/fixture.tsx',
        "export { useSignOut } from '@web/areas/auth/api/sign-out';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('web/areas/index.ts', "export { Feed } from './feed/components/feed';\n"),
    ).toHaveLength(1);
  });

  it('refuses web/lib and web/components any import of an area, even its public.ts', async () => {
    for (const file of ['web/lib/fixture.ts', 'web/components/fixture.tsx'])
      expect(
        await boundaryErrors(file, "export { useChat } from '@web/areas/messages/public';\n"),
      ).toHaveLength(1);
  });

  it("lets an area use its own files, another area's public.ts and the shared pieces", async () => {
    const code = [
      "import { CommentSection } from '@web/areas/comments/public';",
      "import { useMe } from '@web/lib/me';",
      "import { ProfileSectionCard } from '@web/components/profile-section-card';",
      "import { groupKeys } from '../api/query-keys';",
      "import { GroupCover } from '@web/areas/groups/components/group-card';",
      'export const all = [CommentSection, useMe, ProfileSectionCard, groupKeys, GroupCover];',
      '',
    ].join('\n');
    expect(await boundaryErrors('web/areas/groups/components/fixture.tsx', code)).toEqual([]);
    expect(
      await boundaryErrors('web/areas/index.ts', "export { feedModule } from './feed/module';\n"),
    ).toEqual([]);
  });
});
