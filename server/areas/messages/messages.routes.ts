import { ZConversationQuery, ZSendMessage } from '@common/messages/schemas';
import { ZPageQuery } from '@common/core/page-query';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { requireViewer } from '../../lib/viewer';
import { validate } from '../../lib/validate';
import type { MessagingDeps } from './message-rows';
import { listInquiries, sendMessage } from './messages.service';
import { countUnreadMessages, markMessageRead, markThreadRead } from './read-receipts.service';
import { getMessage, getThread, listConversations } from './threads.service';

const ZPartner = z.object({ partnerId: z.uuid({ message: 'This person could not be found.' }) });
const ZMessageId = z.object({ id: z.uuid({ message: 'Message not found.' }) });

export function messageRoutes(deps: MessagingDeps) {
  return new Hono<AppEnv>()
    .get('/messages/conversations', validate('query', ZConversationQuery), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listConversations(deps, viewer.id, c.req.valid('query')));
    })
    .get('/messages/unread', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await countUnreadMessages(deps.db, viewer.id));
    })
    .get('/messages/inquiries', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listInquiries(deps, viewer.id));
    })
    .get(
      '/messages/threads/:partnerId',
      validate('param', ZPartner),
      validate('query', ZPageQuery),
      async (c) => {
        const viewer = requireViewer(c);
        const { partnerId } = c.req.valid('param');
        return c.json(await getThread(deps, viewer.id, partnerId, c.req.valid('query')));
      },
    )
    .post('/messages/threads/:partnerId/read', validate('param', ZPartner), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await markThreadRead(deps, viewer.id, c.req.valid('param').partnerId));
    })
    .post('/messages', validate('json', ZSendMessage), async (c) => {
      const viewer = requireViewer(c);
      const { message, created } = await sendMessage(deps, viewer.id, c.req.valid('json'));
      return c.json(message, created ? 201 : 200);
    })
    .get('/messages/:id', validate('param', ZMessageId), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getMessage(deps.db, viewer.id, c.req.valid('param').id));
    })
    .post('/messages/:id/read', validate('param', ZMessageId), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await markMessageRead(deps, viewer.id, c.req.valid('param').id));
    });
}
