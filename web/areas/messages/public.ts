/*
 * What other areas and the app shell may use of this area (eslint/web-area-boundaries.js): the
 * rest of its folder is its own. Screens loaded on demand are exported as loaders, so importing
 * this file does not pull them into the importer's bundle.
 */
export { useUnreadCounts } from './api/get-unread-counts';
export { ChatDialogSlot, ChatProvider, useChat } from './components/chat-context';
