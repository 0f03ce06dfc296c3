// Apart from the notifications model, so the live updates' chunk does not carry all of it.

/**
 * A direct message is counted by the messages badge only: its notification is listed (and mailed,
 * pushed) but never raises the bell's unread count, so one message is not counted twice.
 */
export const countsOnBell = (type: string) => type !== 'message';
