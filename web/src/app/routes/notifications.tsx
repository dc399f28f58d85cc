import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function NotificationsRoute() {
  return <PagePlaceholder title="Notifications">Likes, comments, follows and help replies will gather here.</PagePlaceholder>;
}
