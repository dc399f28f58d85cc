import { useParams } from 'react-router';
import { DraftPreviewPage } from '../../features/draft-preview/components/DraftPreviewPage';
import { CategoryLink } from '../../features/feed/components/CategoryLink';
import { draftPreviewQueryOptions } from '../../features/draft-preview/api/get-draft-preview';
import { categoriesQueryOptions } from '../../api/categories';
import type { Screen } from '../screen';

/** Rendered for anyone holding the link, so that its head says noindex before any script runs. */
export const screen: Screen = {
  render: 'everyone',
  load: ({ params, client }) => (params.token ? [client.prefetchQuery(draftPreviewQueryOptions(params.token)), client.prefetchQuery(categoriesQueryOptions())] : []),
};

/** /preview/{token}: open to anyone holding the secret link. */
export default function DraftPreviewRoute() {
  const token = useParams().token ?? '';
  return <DraftPreviewPage key={token} token={token} renderCategory={(categoryId) => <CategoryLink categoryId={categoryId} />} />;
}
