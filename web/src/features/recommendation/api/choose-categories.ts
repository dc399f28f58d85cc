import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { useNotice } from '../../../components/NoticeProvider';
import { categoriesQueryOptions } from '../../../api/categories';
import { userCategoriesQueryOptions } from '../../../api/user-categories';
import { forYouPostsQueryOptions } from '../../../api/view-posts';
import * as endpoints from '@inkwell/contract/calls';

export interface ChooseCategoryVariables {
  categoryId: number;
  chosen: boolean;
}

/** POST /api/user/selected-category {user_id, category_id, status active|inactive}: one checkbox (SPEC §4). */
export function chooseCategory(userId: string, { categoryId, chosen }: ChooseCategoryVariables) {
  return api(endpoints.selectedCategory, { user_id: Number(userId), category_id: categoryId, status: chosen ? 'active' : 'inactive' });
}

/** POST /api/user/reset-categories {user_id}: no topic chosen any more ('For you' shows everything). */
export function resetCategories(userId: string) {
  return api(endpoints.resetCategories, { user_id: Number(userId) });
}

/**
 * After every change the chosen topics are read again (the mutation stays pending until they are, so a
 * screen can show its own tick until then), 'For you' starts again from page 1, and the topics' counts
 * and the reader's recommended topics are read again.
 */
async function refresh(queryClient: QueryClient, userId: string) {
  void queryClient.resetQueries({ queryKey: forYouPostsQueryOptions(userId).queryKey });
  // Each topic's count of followers, and the topics recommended to the reader, move with the choice.
  void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions().queryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: ['recommended-categories'] });
  await queryClient.invalidateQueries({ queryKey: userCategoriesQueryOptions(userId).queryKey });
}

/** Ticks or unticks a topic; a refusal says why (the box then shows the server's answer again). */
export function useChooseCategory(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: (variables: ChooseCategoryVariables) => chooseCategory(userId, variables),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'The topic could not be changed.', 'danger_light'),
    onSettled: () => refresh(queryClient, userId),
  });
}

/** RESET ALL RECOMMENDATIONS: no topic chosen any more. */
export function useResetCategories(userId: string) {
  const queryClient = useQueryClient();
  const { showNotice } = useNotice();
  return useMutation({
    mutationFn: () => resetCategories(userId),
    onSuccess: (answer) => showNotice(answer.message, 'success_light'),
    onError: (error) => showNotice((isApiError(error) && error.message) || 'Your topics could not be reset.', 'danger_light'),
    onSettled: () => refresh(queryClient, userId),
  });
}
