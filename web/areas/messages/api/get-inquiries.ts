import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessInquiry } from '@common/messages/model';
import { api, call } from '@web/lib/api';
import { messagesKeys } from './query-keys';

export function getInquiries(signal?: AbortSignal): Promise<{ items: BusinessInquiry[] }> {
  return call(api.messages.inquiries.$get(undefined, { init: { signal: signal ?? null } }));
}

export const inquiriesQueryOptions = () =>
  queryOptions({ queryKey: messagesKeys.inquiries(), queryFn: ({ signal }) => getInquiries(signal) });

/** Business inquiries the viewer received, newest first. */
export function useInquiries() {
  return useQuery(inquiriesQueryOptions());
}
