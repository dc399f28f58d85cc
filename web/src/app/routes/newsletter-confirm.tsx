import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/DocumentTitle';
import { newsletterConfirmationQueryOptions } from '../../features/newsletter/api/confirmation';
import { NewsletterConfirmCard } from '../../features/newsletter/components/NewsletterConfirmCard';
import type { Screen } from '../screen';

/** Rendered on the server with what the link is about, so its Confirm button works before the app starts. */
export const screen: Screen = {
  render: 'everyone',
  load: ({ url, client }) => {
    const token = url.searchParams.get('token') ?? '';
    return token ? [client.prefetchQuery(newsletterConfirmationQueryOptions(token))] : [];
  },
};

/** The page a newsletter's confirmation mail opens (/newsletter/confirm?token=…): open to everyone. */
export default function NewsletterConfirmRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <>
      <DocumentTitle title="Confirm your subscription" />
      <NewsletterConfirmCard key={token} token={token} />
    </>
  );
}
