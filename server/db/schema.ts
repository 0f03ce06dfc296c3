// All tables, for Drizzle's relational queries and drizzle-kit. Each area keeps its own file.
export * from './schema/auth';
export * from './schema/profiles';
export * from './schema/connections';
export * from './schema/messages';
export * from './schema/notifications';
export * from './schema/realtime';
export * from './schema/feed';
export * from './schema/articles';
export * from './schema/engagement';
export * from './schema/investing';
export * from './schema/safety';
export * from './schema/groups';
export * from './schema/events';
export * from './schema/business-pages';
export * from './schema/admin';
export * from './schema/moderation';
export * from './schema/forums';
