import { eq } from 'drizzle-orm';
import { conversations } from '../../db/schema';
import { defineArea } from '../../platform/area';
import { exportMessages } from './messages.export';
import { messagesApiDocs } from './messages.api';
import { canMessage } from '../../platform/policies';
import { messageReportTarget } from './messages.reports';
import { messageRoutes } from './messages.routes';
import { messageLoader } from './messages.service';
import { demo } from './messages.demo';
import { unreadMessagesDigest } from './messages.digest';

/** Direct messages and business inquiries. */
export const messagesArea = defineArea({
  name: 'messages',
  demo,
  routes: messageRoutes,
  api: messagesApiDocs,
  exportData: exportMessages,
  register(ctx) {
    ctx.registerDigestSection(unreadMessagesDigest);
    ctx.registerNotificationType('message');
    ctx.registerEventLoader('message', messageLoader(ctx.db));
    ctx.registerReportTarget(messageReportTarget);
    // Typing follows the same rule as sending.
    ctx.setTypingPolicy((from, to) => canMessage(ctx.db, from, to));
  },
  async onAccountDeleted(tx, userId) {
    // Their own contact list goes; the messages stay for the other side, under 'A former member'.
    await tx.delete(conversations).where(eq(conversations.ownerId, userId));
  },
});
