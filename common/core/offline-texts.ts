/** What the app says while it has no connection (web/app/offline, the messages outbox). */
export const OFFLINE_MSG = {
  banner: "You're offline.",
  bannerDetail:
    'You are seeing what was loaded last. Messages you send wait in your outbox and go out when the connection returns.',
} as const;
