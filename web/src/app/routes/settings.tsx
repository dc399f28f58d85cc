import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function SettingsRoute() {
  return <PagePlaceholder title="Settings">Account and notification settings will live here.</PagePlaceholder>;
}
