import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function ProfileRoute() {
  return <PagePlaceholder title="Your profile">Your posts, followers and saved stories will show here.</PagePlaceholder>;
}
