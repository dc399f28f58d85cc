import { useParams } from 'react-router';
import { DraftPreviewPage } from '../../features/draft-preview/components/DraftPreviewPage';
import { CategoryLink } from '../../features/feed/components/CategoryLink';

/** /preview/{token}: open to anyone holding the secret link. */
export default function DraftPreviewRoute() {
  const token = useParams().token ?? '';
  return <DraftPreviewPage key={token} token={token} renderCategory={(categoryId) => <CategoryLink categoryId={categoryId} />} />;
}
