import { useSearchParams } from 'react-router';
import { UnsubscribeCard } from '../../features/unsubscribe/components/UnsubscribeCard';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The page a notification mail's unsubscribe link opens (/unsubscribe?token=…): open to everyone. */
export default function UnsubscribeRoute() {
  useDocumentTitle('Unsubscribe');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // Another mail's link starts afresh.
  return <UnsubscribeCard key={token} token={token} />;
}
