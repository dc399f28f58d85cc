import { useSearchParams } from 'react-router';
import { UnsubscribeCard } from '../../features/unsubscribe/components/UnsubscribeCard';
import { DocumentTitle } from '../../components/DocumentTitle';

/** The page a notification mail's unsubscribe link opens (/unsubscribe?token=…): open to everyone. */
export default function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  // Another mail's link starts afresh.
  return (
    <>
      <DocumentTitle title="Unsubscribe" />
      <UnsubscribeCard key={token} token={token} />
    </>
  );
}
