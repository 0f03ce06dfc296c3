import { MENTION_PICKER } from '@common/core/mentions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';

/*
 * The people behind mentions (common/core/mentions.ts): who the @ picker offers, and the current
 * name of someone a text mentions. Names are asked for together: every mention on a page in one
 * request (up to MENTION_PICKER.namesMax ids each), then cached per person.
 */

export const mentionKeys = {
  all: ['mentions'] as const,
  candidates: (q: string) => [...mentionKeys.all, 'candidates', q] as const,
  person: (id: string) => [...mentionKeys.all, 'person', id] as const,
};

export type MentionCandidate = Awaited<ReturnType<typeof fetchCandidates>>[number];
export type MentionedPerson = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
};

async function fetchCandidates(q: string) {
  const body = await call(api.people.mentionable.$get({ query: { q } }));
  return body.items;
}

/** The people the picker offers for what follows the @ (connections first). */
export function useMentionCandidates(q: string, enabled: boolean) {
  return useQuery({
    queryKey: mentionKeys.candidates(q),
    queryFn: () => fetchCandidates(q),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

type Waiter = { resolve: (person: MentionedPerson | null) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function flush() {
  timer = null;
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let i = 0; i < ids.length; i += MENTION_PICKER.namesMax) {
    const chunk = ids.slice(i, i + MENTION_PICKER.namesMax);
    try {
      const body = await call(api.people.names.$get({ query: { ids: chunk.join(',') } }));
      const found = new Map(body.items.map((p) => [p.id, p]));
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.resolve(found.get(id) ?? null);
    } catch (error) {
      for (const id of chunk) for (const w of batch.get(id) ?? []) w.reject(error);
    }
  }
}

/** One person's current name, asked for with every other mention rendered in the same moment. */
function loadPerson(id: string): Promise<MentionedPerson | null> {
  return new Promise((resolve, reject) => {
    waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }]);
    timer ??= setTimeout(() => void flush(), 10);
  });
}

/** The mentioned person as the viewer may see them; null when they cannot (gone, blocked either way). */
export function useMentionedPerson(id: string, enabled = true) {
  return useQuery({
    queryKey: mentionKeys.person(id),
    queryFn: () => loadPerson(id),
    enabled,
    staleTime: 5 * 60_000,
  });
}
