import { SEARCH, SEARCH_MSG } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';

/**
 * What a profile says about its person (title, company, location, skills), as migration 0015's index holds
 * it.
 */
const about = sql`profile_about(p.title, p.company, p.location, p.skills)`;

const columns = sql`'user' as type, p.id::text as id, coalesce(nullif(p.full_name, ''), p.username) as title,
  coalesce(nullif(p.title, ''), '@' || p.username) as description, null::text as category,
  p.created_at as date, p.avatar_url as image_url, '/profile/' || p.id::text as url`;

/**
 * People by full name and username (`profiles.search_name`, lower-cased), in tiers each read in an
 * index's order (docs/decisions/013): the exact username; names that start with the text (alphabetical);
 * names with a later word (surname, username) that does, from `profile_search_words`, one row per
 * word, kept for visible people only; the text anywhere else; and, when those are few, names close
 * to the text (typos, by trigram word similarity). The 'contains' tier also finds people by what their
 * profile says (title, company, location, skills: a word starting with the text; issue 21). One or two
 * letters match the start of the name or of the username only. Deleted, banned and blocked people never show.
 */
export const peopleSearch: SearchProvider = {
  type: 'user',
  label: SEARCH_MSG.personLabel,
  pluralLabel: SEARCH_MSG.peopleLabel,
  tiers({ viewerId, terms }) {
    const visible = visiblePerson('p');
    const blocked = blockedEitherIds(viewerId);
    // The exact username's owner is in the first tier only.
    const skipped = sql`(${blocked} || array(select u.id from profiles u where lower(u.username) = ${terms.lower}))`;
    const starts = sql`w.suffix ~>=~ ${terms.lower} and w.suffix ~<~ ${terms.upTo}`;
    const name = sql`${starts} and not (w.profile_id = any (${skipped}))`;
    const tiers: SearchTier[] = [
      {
        level: 'exact',
        columns,
        from: sql`profiles p where lower(p.username) = ${terms.lower} and ${visible} and not (p.id = any (${blocked}))`,
        order: sql`p.id`,
      },
      {
        // The first word on: profile_search_words_name_idx, alphabetically.
        level: 'prefix',
        columns,
        from: sql`profile_search_words w join profiles p on p.id = w.profile_id
          where w.head = '' and ${name} and ${visible}`,
        order: sql`w.suffix using ~<~, w.profile_id`,
        countFrom: sql`profile_search_words w where w.head = '' and ${name}`,
      },
    ];
    if (terms.short) {
      tiers.push({
        level: 'word',
        columns,
        from: sql`profiles p where lower(p.username) ~>=~ ${terms.lower} and lower(p.username) ~<~ ${terms.upTo}
          and p.search_name not like ${terms.prefix}
          and ${visible} and not (p.id = any (${skipped}))`,
        order: sql`lower(p.username) using ~<~`,
      });
      return tiers;
    }
    // A word of the profile's about text starts with the text (the trigram index, then the word test).
    const aboutWord = sql`(${about} like ${terms.contains} and ' ' || ${about} like ${terms.wordPrefix})`;
    // A later word starts with the text, and the name does not: the person's first such word only.
    // That word's space is at length(head), so no match starts later and `>=` says the same as `=`;
    // but the planner guesses a third of the rows pass an inequality against 1 in 200 for an
    // equality, and with that tiny guess it sometimes read every match and sorted them (hundreds of
    // rows for a common surname) instead of the index's order stopping after a few.
    const word = sql`w.head <> '' and ${starts} and w.head || w.suffix not like ${terms.prefix}
      and strpos(w.head || w.suffix, ${` ${terms.lower}`}) >= length(w.head) and not (w.profile_id = any (${skipped}))`;
    tiers.push(
      {
        level: 'word',
        columns,
        from: sql`profile_search_words w join profiles p on p.id = w.profile_id where ${word} and ${visible}`,
        order: sql`w.suffix using ~<~, w.profile_id`,
        // The words of visible people only (the trigger keeps them so): counted from the index alone.
        countFrom: sql`profile_search_words w where ${word}`,
      },
      {
        // Inside a word of the name (a username's middle), or, when the name has the text nowhere, a
        // word of what the profile says about them starting with it (issue 21: title, company,
        // location, skills): each trigram index finds its own, then they are sorted by name.
        level: 'contains',
        columns,
        from: sql`profiles p where ((p.search_name like ${terms.contains} and p.search_name not like ${terms.prefix}
            and p.search_name not like ${terms.wordPrefix})
          or (${aboutWord} and p.search_name not like ${terms.contains}))
          and ${visible} and not (p.id = any (${skipped}))`,
        sortKey: sql`p.search_name`,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'near',
        columns,
        from: sql`profiles p where ${terms.lower} <% p.search_name and p.search_name not like ${terms.contains}
          and not (${aboutWord}) and ${visible} and not (p.id = any (${skipped}))`,
        sortKey: sql`-word_similarity(${terms.lower}, p.search_name)`,
        candidates: SEARCH.nearCap,
      },
    );
    return tiers;
  },
};
