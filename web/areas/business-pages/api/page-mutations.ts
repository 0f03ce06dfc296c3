import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessPage } from '@common/business-pages/model';
import type { BusinessPageFields } from '@common/business-pages/schemas';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

/** Create (no id) or edit (an id) a page; refreshes the lists and the page. */
export function useSavePage(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: BusinessPageFields): Promise<BusinessPage> =>
      id
        ? call(api['business-pages'][':id'].$patch({ param: { id }, json }))
        : call(api['business-pages'].$post({ json })),
    onSuccess: (page) => {
      void queryClient.invalidateQueries({ queryKey: businessKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: businessKeys.page(page.id) });
    },
  });
}

/** 'Change Cover': the uploaded cover becomes the page's. */
export function useSetCover(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coverImage: string | null) =>
      call(api['business-pages'][':id'].cover.$put({ param: { id }, json: { coverImage } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessKeys.page(id) }),
  });
}

/** Follow or unfollow (the state wanted); the page's count follows the answer. */
export function useFollow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) =>
      call(api['business-pages'][':id'].follow.$put({ param: { id }, json: { active } })),
    onSuccess: ({ following, followers }) => {
      queryClient.setQueriesData<BusinessPage>({ queryKey: [...businessKeys.page(id), 'detail'] }, (page) =>
        page ? { ...page, isFollowing: following, followers } : page,
      );
    },
  });
}
