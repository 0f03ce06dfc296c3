import { useMutation } from '@tanstack/react-query';
import { IDEA_INQUIRY_KIND } from '@common/investing/model';
import { api, call } from '@web/lib/api';

/**
 * 'Contact Founder': a business inquiry through the messages module: the founder
 * gets it in their Business Inquiries and a 'New Business Inquiry' notification.
 */
export function useContactFounder(idea: { id: string; founderId: string }) {
  return useMutation({
    mutationFn: (content: string) =>
      call(
        api.messages.$post({
          json: {
            receiverId: idea.founderId,
            clientId: crypto.randomUUID(),
            content,
            inquiry: { kind: IDEA_INQUIRY_KIND, id: idea.id },
          },
        }),
      ),
  });
}
