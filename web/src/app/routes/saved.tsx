import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function SavedRoute() {
  return <PagePlaceholder title="Saved">Stories you bookmark will wait for you here.</PagePlaceholder>;
}
