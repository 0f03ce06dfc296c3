import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Each running app process, with a heartbeat: presence rows of a process that died stop counting. */
export const realtimeInstances = pgTable('realtime_instances', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who has an open connection on which process: online means a row on a live process. */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: text('instance_id')
      .notNull()
      .references(() => realtimeInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connections: integer('connections').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('realtime_presence_user_idx').on(t.userId),
  ],
);
