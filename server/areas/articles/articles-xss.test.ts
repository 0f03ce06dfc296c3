import type { Article } from '@common/articles/model';
import { renderMarkdown } from '@common/core/markdown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndVerify, type Agent, type TestApp } from '../../test/harness';

/**
 * Article content is markdown rendered to HTML by the server and put in the page as is, so this
 * is where script injection would happen. Every known trick is published through the API and the
 * HTML that comes back is read tag by tag: only an allow-list of tags and attributes, no event
 * handlers, no script-capable URLs, and every link opening safely in a new tab.
 */

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{display:none}</style>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=x onclick=alert(1)>click</a>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!-- <script>alert(1)</script> -->',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](java&#115;cript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1))',
  '[x](%6Aavascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](file:///etc/passwd)',
  '[x](  javascript:alert(1))',
  '[x](\tjavascript:alert(1))',
  '[x](\njavascript:alert(1))',
  '[x](\u0001javascript:alert(1))',
  '[x](jav\tascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](ｊａｖａｓｃｒｉｐｔ:alert(1))',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x" onerror="alert(1)](https://ok.example/a.png)',
  '[x](https://ok.example "t\\" onmouseover=\\"alert(1)")',
  '[x](#"onmouseover="alert(1))',
  '[x](//evil.example/steal)',
  '<javascript:alert(1)>',
  '<vbscript:msgbox(1)>',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '[x][r]\n\n[r]: <data:text/html,<script>alert(1)</script>>',
  'javascript:alert(1) and http://x.example/?"onmouseover=alert(1)',
  '```html\n<script>alert(1)</script>\n```',
  '| a | b |\n|:-|-:|\n| <script>x</script> | [y](javascript:alert(1)) |',
  '> <img src=x onerror=alert(1)>\n\n- [x](javascript:alert(1))\n\n1. **<b onmouseover=alert(1)>b</b>**',
];

const ALLOWED: Record<string, string[]> = {
  p: [],
  strong: [],
  em: [],
  s: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'loading', 'referrerpolicy'],
  code: ['class'],
  pre: [],
  blockquote: [],
  hr: [],
  br: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['style'],
  td: ['style'],
};

/** Every tag, with its attributes, and what is left of the HTML once they are taken out. */
function readTags(html: string) {
  const tags: { name: string; closing: boolean; attrs: Record<string, string>; raw: string }[] = [];
  const text = html.replace(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*\/?>/g,
    (raw, slash: string, name: string, rest: string) => {
      const attrs: Record<string, string> = {};
      for (const m of rest.matchAll(/\s+([a-zA-Z-]+)(?:="([^"]*)")?/g))
        attrs[m[1]!.toLowerCase()] = m[2] ?? '';
      tags.push({ name: name.toLowerCase(), closing: slash === '/', attrs, raw });
      return '';
    },
  );
  return { tags, text };
}

/** An attribute value as the browser reads it: entities, then percent-escapes, decoded. */
function decode(value: string) {
  const entities = value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/g, '&');
  try {
    return decodeURIComponent(entities);
  } catch {
    return entities;
  }
}

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?![/\\])|#)/i;
const SCRIPT_URL = /(?:java|vb)script:|data:/i;

function expectSafe(html: string, payload: string) {
  const { tags, text } = readTags(html);
  // Whatever is not a tag is text, with every angle bracket escaped.
  expect(text, payload).not.toMatch(/[<>]/);
  expect(html, payload).not.toMatch(/<\s*(script|iframe|style|object|embed|svg|math|details|body)/i);
  for (const tag of tags) {
    expect(Object.keys(ALLOWED), `${payload}: ${tag.raw}`).toContain(tag.name);
    if (tag.closing) continue;
    for (const [name, value] of Object.entries(tag.attrs)) {
      expect(ALLOWED[tag.name], `${payload}: ${tag.raw}`).toContain(name);
      expect(name, `${payload}: ${tag.raw}`).not.toMatch(/^on/i);
      if (name === 'href' || name === 'src') {
        // Browsers ignore control characters and spaces in a scheme (java\tscript:).
        const url = [...decode(value)].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
        expect(url, `${payload}: ${tag.raw}`).toMatch(SAFE_URL);
        expect(url, `${payload}: ${tag.raw}`).not.toMatch(SCRIPT_URL);
      }
      if (name === 'style') expect(value).toMatch(/^text-align:(left|right|center)$/);
      if (name === 'class') expect(value).toMatch(/^language-[\w-]+$/);
    }
    if (tag.name === 'a') {
      expect(tag.attrs.target, tag.raw).toBe('_blank');
      expect(tag.attrs.rel, tag.raw).toBe('noopener noreferrer nofollow ugc');
    }
  }
  // No handler attribute anywhere inside a tag, quoted values aside.
  for (const tag of tags) expect(tag.raw.replace(/="[^"]*"/g, ''), payload).not.toMatch(/\son\w+\s*=/i);
}

let t: TestApp;
let author: Agent;
let reader: Agent;

beforeAll(async () => {
  t = await createTestApp();
  author = t.agent();
  reader = t.agent();
  await signUpAndVerify(t, author);
  await signUpAndVerify(t, reader);
});
afterAll(async () => {
  await t?.close();
});

describe('article HTML', () => {
  it('the checker itself catches unsafe HTML', () => {
    for (const bad of [
      '<p><script>x</script></p>',
      '<p><a href="javascript:alert(1)" target="_blank" rel="noopener noreferrer nofollow ugc">x</a></p>',
      '<p><a href="jav&#x61;script:x" target="_blank" rel="noopener noreferrer nofollow ugc">x</a></p>',
      '<p><a href="https://ok.example">no rel</a></p>',
      '<p><img src="x" onerror="alert(1)"></p>',
      '<p><img src=x onerror=alert(1)></p>',
      '<div>not allowed</div>',
    ])
      expect(() => expectSafe(bad, bad), bad).toThrow();
    expectSafe(renderMarkdown('[ok](https://ok.example) ![i](/files/a.webp)'), 'ok');
  });

  it('no payload survives publishing: scripts, handlers and script URLs never reach the page', async () => {
    for (const payload of PAYLOADS) {
      const res = await author.post<Article>('/api/articles', {
        title: 'Payload check',
        content: `${payload}\n\nSome ordinary words after it.`,
        category: 'tech',
        imageUrl: null,
        status: 'published',
      });
      expect(res.status, `${payload}: ${res.text}`).toBe(201);
      expectSafe(res.body.html, payload);
      const read = await reader.get<Article>(`/api/articles/${res.body.id}`);
      expect(read.body.html).toBe(res.body.html);
      // Excerpts and previews are plain text with any typed tag stripped.
      for (const plain of [res.body.excerpt, res.body.preview])
        expect(plain, payload).not.toMatch(/<\/?[a-z][^>]*>/i);
    }
  });

  it('excerpts are the words without tags', async () => {
    const res = await author.post<Article>('/api/articles', {
      title: 'Tags in text',
      content: 'Hello <b>bold</b> world <!-- hidden --> and 1 < 2 > 0 <script>alert(1)</script>',
      category: 'tech',
      imageUrl: null,
      status: 'draft',
    });
    expect(res.body.excerpt).toBe('Hello bold world and 1 < 2 > 0 alert(1)');
  });

  it('ordinary markdown still renders: emphasis, headings, lists, links, images, code, tables', () => {
    const html = renderMarkdown(
      '# H\n\n**b** *i* ~~s~~ `c`\n\n- one\n- two\n\n3. three\n\n> quote\n\n---\n\n' +
        '[site](https://example.com) <https://auto.example> mail@example.com ![pic](/files/images/a.webp)\n\n' +
        '| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```js\nlet x = 1 < 2;\n```',
    );
    expectSafe(html, 'ordinary');
    for (const piece of [
      '<h1>H</h1>',
      '<strong>b</strong>',
      '<em>i</em>',
      '<s>s</s>',
      '<code>c</code>',
      '<li>one</li>',
      '<ol start="3">',
      '<blockquote>',
      '<hr>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow ugc">site</a>',
      'href="https://auto.example"',
      'href="mailto:mail@example.com"',
      '<img src="/files/images/a.webp" alt="pic"',
      '<td style="text-align:right">2</td>',
      '<code class="language-js">let x = 1 &lt; 2;',
    ])
      expect(html).toContain(piece);
  });
});
