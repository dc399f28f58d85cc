import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function ViewProfileRoute() {
  return <PagePlaceholder title="Profile">This writer&apos;s posts and followers will appear here.</PagePlaceholder>;
}
